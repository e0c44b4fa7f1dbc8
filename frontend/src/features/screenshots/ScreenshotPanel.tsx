import { DEFAULT_SCREEN, screenshotFailureText } from '@store-cloud/contracts';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { ApiError } from '../../api/api-error';
import { screenshotTextSet } from '../../i18n/sets/proof-of-play';
import { type KnownText, useKnownText } from '../../i18n/known-text';
import { useTexts } from '../../i18n/useTexts';
import { formatDateTime } from '../../ui/date-format';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { useLatestScreenshot, useTakeScreenshot } from './useScreenshots';

/** The store's own words when it refused (502 with a reason), else the text for the code. */
const failureOf = (error: unknown, known: KnownText) =>
  error instanceof ApiError && error.status === 502 && error.body?.message
    ? error.body.message
    : known(screenshotFailureText(error instanceof ApiError ? error.code : undefined));

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
  const text = useTexts(screenshotTextSet);
  const known = useKnownText([screenshotTextSet]);
  const ref = { companyId, storeId, screen };
  const latest = useLatestScreenshot(ref);
  const take = useTakeScreenshot(ref);
  const shot = latest.data?.screenshot;

  const onTake = () =>
    take.mutate(undefined, {
      onSuccess: () => notify.success(text.toastTitle, text.taken),
      onError: (error) => notify.error(text.toastTitle, failureOf(error, known), error),
    });

  return (
    <Card as="section" className="h-100" aria-label={text.title}>
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <Heading className="h6 mb-0">
          {text.title} {screen}
        </Heading>
        <Button size="sm" onClick={onTake} disabled={take.isPending}>
          {take.isPending && (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          )}
          {take.isPending ? text.taking : text.take}
        </Button>
      </Card.Header>
      <Card.Body>
        {latest.isPending ? (
          <LoadingSpinner small label={text.loading} />
        ) : latest.isError ? (
          <Alert variant="danger" className="mb-0">
            {text.failedToLoad}
          </Alert>
        ) : !shot ? (
          <p className="text-muted mb-0">{text.none}</p>
        ) : (
          <figure className="mb-0">
            <img
              src={shot.image}
              alt={text.alt(shot.screen)}
              className="img-fluid border"
              width={shot.width}
              height={shot.height}
              style={{ height: 'auto' }}
            />
            <figcaption className="small text-muted mt-1">
              <span className="d-block">{text.takenAt(formatDateTime(shot.takenAt, true))}</span>
              <span className="d-block text-break">
                {shot.showing ? text.showing(shot.showing) : text.showingNothing}
              </span>
            </figcaption>
          </figure>
        )}
      </Card.Body>
    </Card>
  );
}
