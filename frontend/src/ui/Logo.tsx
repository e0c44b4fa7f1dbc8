import { portalLabelsSet } from '../i18n/sets/common';
import { useTexts } from '../i18n/useTexts';

/** The platform's mark: a storefront under a cloud. Ours, drawn inline so it needs no asset. */
export function Logo({ size = 36 }: { size?: number }) {
  const portalLabels = useTexts(portalLabelsSet);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role="img"
      aria-label={portalLabels.productLogo}
    >
      <path
        d="M13 38h23a9 9 0 0 0 1.6-17.86A12 12 0 0 0 14.4 17.1 10.5 10.5 0 0 0 13 38z"
        fill="#3d8bfd"
      />
      <path d="M16 25l2.5-5h11l2.5 5z" fill="#fd7e14" />
      <rect x="17" y="25" width="14" height="10" rx="1" fill="#fff" />
      <rect x="22" y="28" width="4" height="7" fill="#3d8bfd" />
    </svg>
  );
}
