import { TIMEOUT_TEXT } from '@store-cloud/contracts';
import { Card } from 'react-bootstrap';

/** Shown after an idle site connection was closed (spec §2 Timeout). */
export function TimeoutPage() {
  return (
    <Card border="info" className="mx-auto" style={{ maxWidth: '36rem' }}>
      <Card.Header as="h1" className="h5">
        <i className="bi bi-info-circle me-2" aria-hidden="true" />
        {TIMEOUT_TEXT.title}
      </Card.Header>
      <Card.Body>{TIMEOUT_TEXT.body}</Card.Body>
    </Card>
  );
}
