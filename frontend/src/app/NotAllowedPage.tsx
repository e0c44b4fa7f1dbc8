import { PORTAL_LABELS, ROUTES } from '@store-cloud/contracts';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';

/** A screen the user may not use: says so, with the way home (instead of a silent redirect). */
export function NotAllowedPage() {
  return (
    <Alert variant="warning" className="mx-auto" style={{ maxWidth: '36rem' }}>
      <Alert.Heading as="h1" className="h5">
        <i className="bi bi-shield-lock me-2" aria-hidden="true" />
        {PORTAL_LABELS.notAllowedTitle}
      </Alert.Heading>
      <p>{PORTAL_LABELS.notAllowed}</p>
      <Link to={ROUTES.home} className="alert-link">
        {PORTAL_LABELS.backToHome}
      </Link>
    </Alert>
  );
}
