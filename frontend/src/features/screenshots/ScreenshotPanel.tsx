import {
  DATE_FORMAT_STATUS,
  DEFAULT_SCREEN,
  SCREENSHOT_TEXT,
  screenshotFailureText,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { ApiError } from '../../api/api-error';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { useLatestScreenshot, useTakeScreenshot } from './useScreenshots';

const when = (iso: string) => format(new Date(iso), DATE_FORMAT_STATUS);

/** The store's own words when it refused (502 with a reason), else the text for the code. */
const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status === 502 && error.body?.message
    ? error.body.message
    : screenshotFailureText(error instanceof ApiError ? error.code : undefined);

/**
 * A store's screen seen from the portal (issue 32 item 3): the latest screenshot with the time
 * it was taken and what the screen showed, and a button that asks the store for a new one.
 * On the store page and in the media preview.
 */
export function ScreenshotPanel({
  companyId,
  storeId,
  screen = DEFAULT_SCREEN,
  heading: Heading = 'h2',
}: {
  companyId: number;
  storeId: number;
  screen?: string;
  /** The title's level where the panel sits (the preview's is under an h3). */
  heading?: 'h2' | 'h3' | 'h4';
}) {
  const ref = { companyId, storeId, screen };
  const latest = useLatestScreenshot(ref);
  const take = useTakeScreenshot(ref);
  const shot = latest.data?.screenshot;

  const onTake = () =>
    take.mutate(undefined, {
      onSuccess: () => notify.success(SCREENSHOT_TEXT.toastTitle, SCREENSHOT_TEXT.taken),
      onError: (error) => notify.error(SCREENSHOT_TEXT.toastTitle, failureOf(error), error),
    });

  return (
    <Card as="section" className="h-100" aria-label={SCREENSHOT_TEXT.title}>
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <Heading className="h6 mb-0">
          {SCREENSHOT_TEXT.title} {screen}
        </Heading>
        <Button size="sm" onClick={onTake} disabled={take.isPending}>
          {take.isPending && (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          )}
          {take.isPending ? SCREENSHOT_TEXT.taking : SCREENSHOT_TEXT.take}
        </Button>
      </Card.Header>
      <Card.Body>
        {latest.isPending ? (
          <LoadingSpinner small label={SCREENSHOT_TEXT.loading} />
        ) : latest.isError ? (
          <Alert variant="danger" className="mb-0">
            {SCREENSHOT_TEXT.failedToLoad}
          </Alert>
        ) : !shot ? (
          <p className="text-muted mb-0">{SCREENSHOT_TEXT.none}</p>
        ) : (
          <figure className="mb-0">
            <img
              src={shot.image}
              alt={SCREENSHOT_TEXT.alt(shot.screen)}
              className="img-fluid border"
              width={shot.width}
              height={shot.height}
              style={{ height: 'auto' }}
            />
            <figcaption className="small text-muted mt-1">
              <span className="d-block">{SCREENSHOT_TEXT.takenAt(when(shot.takenAt))}</span>
              <span className="d-block text-break">
                {shot.showing
                  ? SCREENSHOT_TEXT.showing(shot.showing)
                  : SCREENSHOT_TEXT.showingNothing}
              </span>
            </figcaption>
          </figure>
        )}
      </Card.Body>
    </Card>
  );
}
