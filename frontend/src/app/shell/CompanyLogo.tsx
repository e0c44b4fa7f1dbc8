/** The company logo slot of the header (spec §2 Shell): shown only when a logo is configured. */
export function CompanyLogo({ src }: { src: string | null }) {
  if (!src) return null;
  return <img src={src} alt="Company logo" height={32} className="me-3" />;
}
