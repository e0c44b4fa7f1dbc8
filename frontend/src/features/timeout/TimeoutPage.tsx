import { PORTAL_LABELS, ROUTES, TIMEOUT_TEXT } from '@store-cloud/contracts';
import { Card } from 'react-bootstrap';
import { Link } from 'react-router-dom';

/** Shown after an idle site connection was closed (spec §2 Timeout), with the way back home. */
export function TimeoutPage() {
  return (
    <Card border="info" className="mx-auto" style={{ maxWidth: '36rem' }}>
      <Card.Header as="h1" className="h5">
        <i className="bi bi-info-circle me-2" aria-hidden="true" />
        {TIMEOUT_TEXT.title}
      </Card.Header>
      <Card.Body>
        <p>{TIMEOUT_TEXT.body}</p>
        <Link to={ROUTES.home} className="btn btn-primary">
          {PORTAL_LABELS.backToHome}
        </Link>
      </Card.Body>
    </Card>
  );
}
