/**
 * A status as a badge: Bootstrap's text-bg-* classes pick a text colour with accessible contrast
 * on each background (dark text on yellow and light blue, white on green, red and grey).
 */
export type BadgeTone =
  'success' | 'danger' | 'warning' | 'info' | 'secondary' | 'dark' | 'primary';

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`badge rounded-pill text-bg-${tone}`}>{children}</span>;
}
