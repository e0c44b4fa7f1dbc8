import { type ProofOfPlayRow } from '@store-cloud/contracts';
import { useTranslation } from 'react-i18next';
import { proofOfPlayTextSet } from '../../i18n/sets/proof-of-play';
import { useTexts } from '../../i18n/useTexts';

/** Rows drawn at most: the chart shows the leaders, the table below has them all. */
const MAX_BARS = 20;

/** Plays per row as plain horizontal bars (no chart library): the longest bar is the most played. */
export function PlaysChart({
  rows,
  labelOf,
}: {
  rows: readonly ProofOfPlayRow[];
  labelOf: (row: ProofOfPlayRow) => string;
}) {
  const text = useTexts(proofOfPlayTextSet);
  const { i18n } = useTranslation();
  const shown = rows.slice(0, MAX_BARS);
  const most = Math.max(1, ...shown.map((r) => r.plays));
  return (
    <figure className="mb-3" aria-label={text.chart}>
      <ul className="list-unstyled mb-0" data-testid="plays-chart">
        {shown.map((row) => (
          <li key={row.key} className="d-flex align-items-center gap-2 mb-1">
            <span className="text-truncate small" style={{ width: '12rem', flex: '0 0 auto' }}>
              {labelOf(row)}
            </span>
            <span className="flex-grow-1" aria-hidden="true">
              <span
                className="d-block bg-primary rounded"
                style={{ width: `${(row.plays / most) * 100}%`, minWidth: '2px', height: '0.9rem' }}
              />
            </span>
            <span className="small text-body-secondary text-end" style={{ width: '6rem' }}>
              {row.plays.toLocaleString(i18n.language)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
