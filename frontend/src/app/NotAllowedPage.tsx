import { ROUTES } from '@store-cloud/contracts';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { portalLabelsSet } from '../i18n/sets/common';
import { useTexts } from '../i18n/useTexts';

/** A screen the user may not use: says so, with the way home (instead of a silent redirect). */
export function NotAllowedPage() {
  const portalLabels = useTexts(portalLabelsSet);
  return (
    <Alert variant="warning" className="mx-auto" style={{ maxWidth: '36rem' }}>
      <Alert.Heading as="h1" className="h5">
        <i className="bi bi-shield-lock me-2" aria-hidden="true" />
        {portalLabels.notAllowedTitle}
      </Alert.Heading>
      <p>{portalLabels.notAllowed}</p>
      <Link to={ROUTES.home} className="alert-link">
        {portalLabels.backToHome}
      </Link>
    </Alert>
  );
}
