/** A play time as h:mm:ss (hours grow past 24: a month of plays is many hours). */
export function formatPlayTime(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The UTC day `offset` days from now, as the roll-ups name days. */
export const dayFromToday = (offset: number, now = Date.now()) =>
  new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
