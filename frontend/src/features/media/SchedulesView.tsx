import { describeRepeat, type MediaCompany, type Schedule } from '@store-cloud/contracts';
import { useState } from 'react';
import { Table } from 'react-bootstrap';
import { clickable } from '../../ui/clickable';
import { StatusBadge } from '../../ui/StatusBadge';
import { Loading } from './FileList';
import { nextSort, SCHEDULE_TONE, showCreated, showDate, type Sort, sortRows } from './media-rules';
import { ScheduleModal } from './ScheduleModal';
import { SortHeader } from './SortHeader';
import { Breakable } from '../../ui/Breakable';
import { SchedulePlays } from '../proof-of-play/SchedulePlays';
import {
  daypartTextSet,
  weekdayLabelSet,
  mediaLabelsSet,
  mediaValidationTextSet,
  scheduleStatusLabelSet,
} from '../../i18n/sets/media';
import { useTexts } from '../../i18n/useTexts';

type Column = 'createdDate' | 'status' | 'startDate' | 'endDate' | 'destination' | 'author';

/** Schedules (spec §2): every column sorts, newest created first; a row opens the edit modal. */
export function SchedulesView({
  company,
  folder,
  schedules,
  loading,
}: {
  company: MediaCompany;
  folder: string;
  schedules: readonly Schedule[];
  loading: boolean;
}) {
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const mediaLabels = useTexts(mediaLabelsSet);
  const scheduleStatusLabel = useTexts(scheduleStatusLabelSet);
  const daypartText = useTexts(daypartTextSet);
  const weekdayLabel = useTexts(weekdayLabelSet);
  const [sort, setSort] = useState<Sort<Column>>({ key: 'createdDate', asc: false });
  const [editing, setEditing] = useState<Schedule | null>(null);
  const rows = sortRows(schedules, sort, (s, k) =>
    k === 'status' ? scheduleStatusLabel[s.status] : s[k],
  );
  const onSort = (key: Column) => setSort(nextSort(sort, key));
  const header = (label: string, column: Column) => (
    <SortHeader label={label} column={column} sort={sort} onSort={onSort} />
  );
  // The modal outlives the list: deleting the last schedule empties it before the toast.
  const modal = editing && (
    <ScheduleModal
      company={company}
      folder={folder}
      schedule={editing}
      onClose={() => setEditing(null)}
    />
  );
  if (loading) return <Loading />;
  if (!schedules.length)
    return (
      <>
        <p className="text-body-secondary">{mediaValidationText.noSchedulesFound}</p>
        {modal}
      </>
    );
  return (
    <>
      <Table hover size="sm" responsive className="align-middle">
        <thead>
          <tr>
            {header(mediaLabels.created, 'createdDate')}
            {header(mediaLabels.status, 'status')}
            {header(mediaLabels.start, 'startDate')}
            {header(mediaLabels.end, 'endDate')}
            {header(mediaLabels.destination, 'destination')}
            {header(mediaLabels.author, 'author')}
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr
              key={s._id}
              data-testid="schedule-row"
              {...clickable(() => setEditing(s), { space: true })}
            >
              <td className="text-nowrap">{showCreated(s.createdDate)}</td>
              <td>
                <StatusBadge tone={SCHEDULE_TONE[s.status]}>
                  {scheduleStatusLabel[s.status]}
                </StatusBadge>
                <SchedulePlays companyId={company.companyId} scheduleId={s._id} />
              </td>
              <td className="text-nowrap">{showDate(s.startDate)}</td>
              <td className="text-nowrap">{showDate(s.endDate)}</td>
              <td className="text-break">
                {s.destination}
                {s.repeat && (
                  <span className="d-block small text-muted">
                    {describeRepeat(s.repeat, weekdayLabel)} {daypartText.inZone(s.repeat.timeZone)}
                  </span>
                )}
              </td>
              <td>
                <Breakable text={s.author} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {modal}
    </>
  );
}
