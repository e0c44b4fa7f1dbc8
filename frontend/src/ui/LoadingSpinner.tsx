import { SITE_LABELS } from '@store-cloud/contracts';
import { Spinner } from 'react-bootstrap';

/** The portal's loading indicator: a status spinner named 'Loading' unless a screen names it. */
export function LoadingSpinner({
  small = false,
  label = SITE_LABELS.loading,
}: {
  small?: boolean;
  label?: string;
}) {
  return (
    <Spinner animation="border" size={small ? 'sm' : undefined} role="status" aria-label={label} />
  );
}
