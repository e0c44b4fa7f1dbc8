import { portalLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/** The company logo slot of the header (spec §2 Shell): shown only when a logo is configured. */
export function CompanyLogo({ src }: { src: string | null }) {
  const portalLabels = useTexts(portalLabelsSet);
  if (!src) return null;
  return <img src={src} alt={portalLabels.companyLogo} height={32} className="me-3" />;
}
