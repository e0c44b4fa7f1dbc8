import { ROUTES } from '@store-cloud/contracts';
import { Card } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router-dom';
import { portalLabelsSet } from '../../i18n/sets/common';
import { timeoutTextSet } from '../../i18n/sets/login';
import { useTexts } from '../../i18n/useTexts';
import { TIMEOUT_REASON, TIMEOUT_REASON_PARAM } from '../site/site-rules';

/**
 * Shown after a site connection was closed (spec §2 Timeout), with the way back home: the spec's
 * inactivity text, or that an administrator closed it (issue 30).
 */
export function TimeoutPage() {
  const [params] = useSearchParams();
  const T = useTexts(timeoutTextSet);
  const portal = useTexts(portalLabelsSet);
  const byAdmin = params.get(TIMEOUT_REASON_PARAM) === TIMEOUT_REASON.admin;
  return (
    <Card border="info" className="mx-auto" style={{ maxWidth: '36rem' }}>
      <Card.Header as="h1" className="h5">
        <i className="bi bi-info-circle me-2" aria-hidden="true" />
        {T.title}
      </Card.Header>
      <Card.Body>
        <p>{byAdmin ? T.closedByAdmin : T.body}</p>
        <Link to={ROUTES.home} className="btn btn-primary">
          {portal.backToHome}
        </Link>
      </Card.Body>
    </Card>
  );
}
