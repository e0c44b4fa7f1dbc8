import {
  DATE_FORMAT_STATUS,
  DAYPART_TEXT,
  describeRepeat,
  MEDIA_PREVIEW_LABELS,
  PREVIEW_TIMELINE_DAYS,
  SCHEDULE_STATUS_LABEL,
  type TimelineSchedule,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { Alert, Badge, Card, Form, ListGroup, Table } from 'react-bootstrap';
import { useStoreMediaAt } from '../../../api/useMediaPreview';
import { ScreenshotPanel } from '../../screenshots/ScreenshotPanel';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';

const DAY_MS = 24 * 3600_000;
/** The value of a datetime-local input: local time, to the minute. */
const toLocalInput = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");
const when = (iso: string) => format(new Date(iso), DATE_FORMAT_STATUS);

/**
 * One schedule as bars across the timeline's days, one per window (a repeating schedule has one
 * per daypart, each listed under it); overlaps on its tag are marked.
 */
function TimelineRow({
  schedule,
  from,
  span,
  all,
}: {
  schedule: TimelineSchedule;
  from: number;
  span: number;
  all: readonly TimelineSchedule[];
}) {
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
  return (
    <tr data-schedule={schedule._id}>
      <td>{schedule.destination}</td>
      <td>{when(schedule.startDate)}</td>
      <td>{when(schedule.endDate)}</td>
      <td>{SCHEDULE_STATUS_LABEL[schedule.status]}</td>
      <td>{schedule.files.join(', ')}</td>
      <td style={{ minWidth: 200 }}>
        <div className="position-relative bg-light" style={{ height: 12 }}>
          {bars.map((b) => (
            <div
              key={b.key}
              className={`position-absolute h-100 ${overlapping ? 'bg-warning' : 'bg-primary'}`}
              style={{ left: `${b.left}%`, width: `${b.width}%` }}
            />
          ))}
        </div>
        {schedule.repeat && (
          <div className="small mt-1">
            {describeRepeat(schedule.repeat)} {DAYPART_TEXT.inZone(schedule.repeat.timeZone)}
            <ul
              className="list-unstyled mb-0"
              aria-label={`${MEDIA_PREVIEW_LABELS.windows} ${schedule.files.join(', ')}`}
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
          <Badge bg="warning" text="dark" className="mt-1">
            {MEDIA_PREVIEW_LABELS.overlaps}: {others.map((o) => o.files.join(', ')).join('; ')}
          </Badge>
        )}
      </td>
    </tr>
  );
}

/**
 * The Store Tags view's schedule preview (issue 17): pick a moment and see the files the store
 * shows then (pending schedules included), with its schedules of the next 14 days.
 */
export function StorePreview({ companyId, storeId }: { companyId: number; storeId: number }) {
  const [local, setLocal] = useState(() => toLocalInput(new Date()));
  const at = useMemo(() => {
    const date = new Date(local);
    return Number.isNaN(date.getTime()) ? '' : date.toISOString();
  }, [local]);
  const query = useStoreMediaAt(companyId, storeId, at);
  const [from] = useState(() => Date.now());
  const span = Math.max(PREVIEW_TIMELINE_DAYS * DAY_MS, (at ? Date.parse(at) : from) - from);

  return (
    <Card className="mt-3" as="section" aria-label={MEDIA_PREVIEW_LABELS.title}>
      <Card.Header>
        <h3 className="h6 mb-0">{MEDIA_PREVIEW_LABELS.title}</h3>
      </Card.Header>
      <Card.Body>
        <Form.Group controlId="store-preview-at" className="mb-3" style={{ maxWidth: 320 }}>
          <Form.Label>{MEDIA_PREVIEW_LABELS.at}</Form.Label>
          <Form.Control
            type="datetime-local"
            value={local}
            onChange={(e) => setLocal(e.target.value)}
          />
        </Form.Group>
        <div className="mb-3" style={{ maxWidth: 480 }}>
          <ScreenshotPanel companyId={companyId} storeId={storeId} heading="h4" />
        </div>
        {query.isPending ? (
          <LoadingSpinner label={MEDIA_PREVIEW_LABELS.loading} />
        ) : query.isError ? (
          <Alert variant="danger">{MEDIA_PREVIEW_LABELS.failed}</Alert>
        ) : (
          <>
            <p className="mb-1" role="status">
              {MEDIA_PREVIEW_LABELS.files(query.data.files.length)}
            </p>
            <ListGroup
              className="mb-3"
              aria-label={MEDIA_PREVIEW_LABELS.files(query.data.files.length)}
            >
              {query.data.files.length ? (
                query.data.files.map((f) => (
                  <ListGroup.Item key={`${f.tag}/${f.filename}`}>
                    {f.tag}/{f.filename}
                    {f.scheduleId && (
                      <span className="text-muted small ms-2">
                        {MEDIA_PREVIEW_LABELS.fromSchedule}
                        {f.until && ` ${MEDIA_PREVIEW_LABELS.until} ${when(f.until)}`}
                      </span>
                    )}
                  </ListGroup.Item>
                ))
              ) : (
                <ListGroup.Item className="text-muted">
                  {MEDIA_PREVIEW_LABELS.noFiles}
                </ListGroup.Item>
              )}
            </ListGroup>
            <h4 className="h6">{MEDIA_PREVIEW_LABELS.timeline(PREVIEW_TIMELINE_DAYS)}</h4>
            {query.data.timeline.length ? (
              <Table size="sm" aria-label={MEDIA_PREVIEW_LABELS.timeline(PREVIEW_TIMELINE_DAYS)}>
                <thead>
                  <tr>
                    <th>{MEDIA_PREVIEW_LABELS.tag}</th>
                    <th>{MEDIA_PREVIEW_LABELS.start}</th>
                    <th>{MEDIA_PREVIEW_LABELS.end}</th>
                    <th>{MEDIA_PREVIEW_LABELS.status}</th>
                    <th>{MEDIA_PREVIEW_LABELS.scheduleFiles}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {query.data.timeline.map((s) => (
                    <TimelineRow
                      key={s._id}
                      schedule={s}
                      from={from}
                      span={span}
                      all={query.data.timeline}
                    />
                  ))}
                </tbody>
              </Table>
            ) : (
              <p className="text-muted">{MEDIA_PREVIEW_LABELS.noSchedules}</p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
