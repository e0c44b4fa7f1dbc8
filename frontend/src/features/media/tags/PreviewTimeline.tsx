import {
  describeRepeat,
  PREVIEW_TIMELINE_DAYS,
  type TimelineSchedule,
} from '@store-cloud/contracts';
import { Badge, Table } from 'react-bootstrap';
import { formatDateTime } from '../../../ui/date-format';
import '../../../ui/stacked-table.css';
import { TimeScale } from './TimeScale';
import {
  daypartTextSet,
  weekdayLabelSet,
  mediaPreviewLabelsSet,
  scheduleStatusLabelSet,
} from '../../../i18n/sets/media';
import { useTexts } from '../../../i18n/useTexts';

const when = (iso: string) => formatDateTime(iso, true);

interface Scale {
  from: number;
  span: number;
  /** The moment the preview shows. */
  at?: number;
}

/**
 * One schedule as bars across the timeline's days, one per window (a repeating schedule has one
 * per daypart, each listed under it), over a line per day; overlaps on its tag are marked.
 */
function TimelineRow({
  schedule,
  scale: { from, span, at },
  all,
}: {
  schedule: TimelineSchedule;
  scale: Scale;
  all: readonly TimelineSchedule[];
}) {
  const scheduleStatusLabel = useTexts(scheduleStatusLabelSet);
  const mediaPreviewLabels = useTexts(mediaPreviewLabelsSet);
  const daypartText = useTexts(daypartTextSet);
  const weekdayLabel = useTexts(weekdayLabelSet);
  const bars = schedule.windows.map((w) => {
    const start = Math.max(Date.parse(w.start), from);
    const end = Math.min(Date.parse(w.end), from + span);
    return {
      key: w.start,
      left: ((start - from) / span) * 100,
      width: Math.max(((end - start) / span) * 100, 0.5),
    };
  });
  const overlapping = schedule.overlapsWith.length > 0;
  const others = all.filter((s) => schedule.overlapsWith.includes(s._id));
  const L = mediaPreviewLabels;
  return (
    <tr data-schedule={schedule._id}>
      <td data-label={L.tag}>{schedule.destination}</td>
      <td data-label={L.start}>{when(schedule.startDate)}</td>
      <td data-label={L.end}>{when(schedule.endDate)}</td>
      <td data-label={L.status}>{scheduleStatusLabel[schedule.status]}</td>
      <td className="text-break">{schedule.files.join(', ')}</td>
      <td style={{ minWidth: 200 }}>
        <div className="position-relative bg-body-secondary" style={{ height: 12 }}>
          {bars.map((b) => (
            <div
              key={b.key}
              className={`position-absolute h-100 ${overlapping ? 'bg-warning' : 'bg-primary'}`}
              style={{ left: `${b.left}%`, width: `${b.width}%` }}
            />
          ))}
          <TimeScale from={from} span={span} labels={false} marker={at} />
        </div>
        {/* On a phone the header (and its scale) is hidden: each card has its own. */}
        <div className="position-relative d-md-none" style={{ height: '1.25rem' }}>
          <TimeScale from={from} span={span} />
        </div>
        {schedule.repeat && (
          <div className="small mt-1">
            {describeRepeat(schedule.repeat, weekdayLabel)}{' '}
            {daypartText.inZone(schedule.repeat.timeZone)}
            <ul
              className="list-unstyled mb-0"
              aria-label={`${L.windows} ${schedule.files.join(', ')}`}
            >
              {schedule.windows.map((w) => (
                <li key={w.start}>
                  {when(w.start)} – {when(w.end)}
                </li>
              ))}
            </ul>
          </div>
        )}
        {overlapping && (
          <Badge bg="warning" text="dark" className="mt-1 text-wrap text-start">
            {L.overlaps}: {others.map((o) => o.files.join(', ')).join('; ')}
          </Badge>
        )}
      </td>
    </tr>
  );
}

/**
 * The store's schedules of the coming days, with a day scale over the bars (issue 30 point 4):
 * a table on a wide screen, a card per schedule on a phone (ui/stacked-table.css).
 */
export function PreviewTimeline({
  timeline,
  scale,
}: {
  timeline: readonly TimelineSchedule[];
  scale: Scale;
}) {
  const mediaPreviewLabels = useTexts(mediaPreviewLabelsSet);
  const L = mediaPreviewLabels;
  return (
    <Table size="sm" className="table-stack" aria-label={L.timeline(PREVIEW_TIMELINE_DAYS)}>
      <thead>
        <tr>
          <th>{L.tag}</th>
          <th>{L.start}</th>
          <th>{L.end}</th>
          <th>{L.status}</th>
          <th>{L.scheduleFiles}</th>
          <th className="position-relative" style={{ minWidth: 200 }}>
            <span className="visually-hidden">{L.windows}</span>
            <TimeScale from={scale.from} span={scale.span} />
          </th>
        </tr>
      </thead>
      <tbody>
        {timeline.map((s) => (
          <TimelineRow key={s._id} schedule={s} scale={scale} all={timeline} />
        ))}
      </tbody>
    </Table>
  );
}
