import { PREVIEW_TIMELINE_DAYS } from '@store-cloud/contracts';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { Alert, Card, Form, ListGroup } from 'react-bootstrap';
import { useStoreMediaAt } from '../../../api/useMediaPreview';
import { ScreenshotPanel } from '../../screenshots/ScreenshotPanel';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import { DATE_VALUE, formatDateTime } from '../../../ui/date-format';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';
import { PreviewThumb } from '../MediaPreview';
import { PreviewTimeline } from './PreviewTimeline';
import { mediaPreviewLabelsSet } from '../../../i18n/sets/media';
import { useTexts } from '../../../i18n/useTexts';

const DAY_MS = 24 * 3600_000;
/** The value of a date-time input: local time, to the minute. */
const toLocalInput = (date: Date) => format(date, DATE_VALUE.datetime);
const when = (iso: string) => formatDateTime(iso, true);

/**
 * The Store Tags view's schedule preview (issue 17): pick a moment and see the files the store
 * shows then (pending schedules included, each with its thumbnail), with its schedules of the
 * next 14 days on a day scale.
 */
export function StorePreview({ companyId, storeId }: { companyId: number; storeId: number }) {
  const mediaPreviewLabels = useTexts(mediaPreviewLabelsSet);
  const [local, setLocal] = useState(() => toLocalInput(new Date()));
  const at = useMemo(() => {
    const date = new Date(local);
    return Number.isNaN(date.getTime()) ? '' : date.toISOString();
  }, [local]);
  const query = useStoreMediaAt(companyId, storeId, at);
  const [from] = useState(() => Date.now());
  const span = Math.max(PREVIEW_TIMELINE_DAYS * DAY_MS, (at ? Date.parse(at) : from) - from);

  return (
    <Card className="mt-3" as="section" aria-label={mediaPreviewLabels.title}>
      <Card.Header>
        <h3 className="h6 mb-0">{mediaPreviewLabels.title}</h3>
      </Card.Header>
      <Card.Body>
        <Form.Group controlId="store-preview-at" className="mb-3" style={{ maxWidth: 320 }}>
          <Form.Label>{mediaPreviewLabels.at}</Form.Label>
          <DateTimeInput
            type="datetime-local"
            value={local}
            onChange={(e) => setLocal(e.target.value)}
          />
        </Form.Group>
        <div className="mb-3" style={{ maxWidth: 480 }}>
          <ScreenshotPanel companyId={companyId} storeId={storeId} heading="h4" />
        </div>
        {query.isPending ? (
          <LoadingSpinner label={mediaPreviewLabels.loading} />
        ) : query.isError ? (
          <Alert variant="danger">{mediaPreviewLabels.failed}</Alert>
        ) : (
          <>
            <p className="mb-1" role="status">
              {mediaPreviewLabels.files(query.data.files.length)}
            </p>
            <ListGroup
              className="mb-3"
              aria-label={mediaPreviewLabels.files(query.data.files.length)}
            >
              {query.data.files.length ? (
                query.data.files.map((f) => (
                  <ListGroup.Item
                    key={`${f.tag}/${f.filename}`}
                    className="d-flex align-items-center gap-2 text-break"
                  >
                    <PreviewThumb url={f.url} filename={f.filename} />
                    <span>
                      {f.tag}/{f.filename}
                      {f.scheduleId && (
                        <span className="text-muted small ms-2">
                          {mediaPreviewLabels.fromSchedule}
                          {f.until && ` ${mediaPreviewLabels.until} ${when(f.until)}`}
                        </span>
                      )}
                    </span>
                  </ListGroup.Item>
                ))
              ) : (
                <ListGroup.Item className="text-muted">{mediaPreviewLabels.noFiles}</ListGroup.Item>
              )}
            </ListGroup>
            <h4 className="h6">{mediaPreviewLabels.timeline(PREVIEW_TIMELINE_DAYS)}</h4>
            {query.data.timeline.length ? (
              <PreviewTimeline
                timeline={query.data.timeline}
                scale={{ from, span, at: at ? Date.parse(at) : undefined }}
              />
            ) : (
              <p className="text-muted">{mediaPreviewLabels.noSchedules}</p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
