import { startOfDay } from 'date-fns';
import { formatDayMonth } from '../../../ui/date-format';

const DAY_MS = 24 * 3600_000;
/** At most this many day labels fit the timeline's column, even on a phone. */
const MAX_LABELS = 7;

/** The day boundaries inside [from, from + span) as fractions of the span, each with its date. */
export function dayTicks(from: number, span: number) {
  const ticks: { at: number; left: number }[] = [];
  for (let day = startOfDay(from).getTime() + DAY_MS; day < from + span; day += DAY_MS)
    ticks.push({ at: day, left: ((day - from) / span) * 100 });
  return ticks;
}

/**
 * The timeline's time scale (issue 30 point 4): a line at each midnight and a dd/MM label every
 * few days, so a bar reads as dates. `labels` off draws only the lines (behind a bar).
 */
export function TimeScale({
  from,
  span,
  labels = true,
  marker,
}: {
  from: number;
  span: number;
  labels?: boolean;
  /** The moment shown above (a line across the bar). */
  marker?: number;
}) {
  const ticks = dayTicks(from, span);
  const step = Math.max(1, Math.ceil(ticks.length / MAX_LABELS));
  return (
    <div
      className="position-absolute top-0 start-0 w-100 h-100"
      style={{ pointerEvents: 'none' }}
      aria-hidden="true"
    >
      {ticks.map((t, i) => (
        <div
          key={t.at}
          className="position-absolute h-100 border-start border-secondary-subtle"
          style={{ left: `${t.left}%` }}
        >
          {labels && i % step === 0 && (
            <span className="small text-body-secondary ps-1 text-nowrap">
              {formatDayMonth(t.at)}
            </span>
          )}
        </div>
      ))}
      {marker !== undefined && marker >= from && marker <= from + span && (
        <div
          className="position-absolute h-100 border-start border-2 border-danger"
          style={{ left: `${((marker - from) / span) * 100}%` }}
        />
      )}
    </div>
  );
}
