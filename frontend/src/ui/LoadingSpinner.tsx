import { Spinner } from 'react-bootstrap';
import { siteLabelsSet } from '../i18n/sets/common';
import { useTexts } from '../i18n/useTexts';

/** The portal's loading indicator: a status spinner named 'Loading' unless a screen names it. */
export function LoadingSpinner({ small = false, label }: { small?: boolean; label?: string }) {
  const siteLabels = useTexts(siteLabelsSet);
  return (
    <Spinner
      animation="border"
      size={small ? 'sm' : undefined}
      role="status"
      aria-label={label ?? siteLabels.loading}
    />
  );
}
