import { proofOfPlayQuerySchema, type ProofOfPlayRow } from '@store-cloud/contracts';
import { type ReactNode, useState } from 'react';
import { Alert, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { withReason } from '../../api/api-error';
import { useMediaCompanies } from '../../api/useMediaCompanies';
import { downloadProofOfPlayCsv, useProofOfPlay } from '../../api/useProofOfPlay';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { useKnownText } from '../../i18n/known-text';
import { menuLabelsSet } from '../../i18n/sets/common';
import { proofOfPlayTextSet } from '../../i18n/sets/proof-of-play';
import { useTexts } from '../../i18n/useTexts';
import { notify } from '../../ui/notify';
import { dayFromToday, formatPlayTime } from './play-time';
import { PlaysChart } from './PlaysChart';
import { type Filters, ProofOfPlayFilters } from './ProofOfPlayFilters';

/**
 * Proof of Play (issue 32): what the stores' screens played in a range of days, per file, tag,
 * store or day, within one tag or one store; a bar chart of the leaders, the table, and the
 * same rows as CSV. The backend answers from daily roll-ups, only for the user's companies.
 */
export function ProofOfPlayPage() {
  const text = useTexts(proofOfPlayTextSet);
  const menu = useTexts(menuLabelsSet);
  const known = useKnownText([proofOfPlayTextSet]);
  const { i18n } = useTranslation();
  const companies = useMediaCompanies();
  const [filters, setFilters] = useState<Filters>({
    from: dayFromToday(-6),
    to: dayFromToday(0),
    dimension: 'file',
  });
  const companyId = filters.companyId ?? companies.data?.[0]?.companyId;
  const company = companies.data?.find((c) => c.companyId === companyId);
  const parsed = proofOfPlayQuerySchema.safeParse({ ...filters, companyId });
  const query = parsed.success ? parsed.data : undefined;
  const rollup = useProofOfPlay(query);
  const storeName = (id: string) =>
    company?.stores.find((s) => String(s.storeId) === id)?.storeName ?? id;
  const labelOf = (row: ProofOfPlayRow) =>
    rollup.data?.dimension === 'store' ? storeName(row.key) : row.label;
  const set = (change: Partial<Filters>) => setFilters({ ...filters, ...change });

  let body: ReactNode;
  if (companies.isSuccess && !companies.data.length)
    body = <p className="text-muted mb-0">{text.chooseCompany}</p>;
  else if (!parsed.success && companyId !== undefined)
    body = (
      <Alert variant="warning" className="mb-0">
        {known(parsed.error.issues[0]?.message ?? '')}
      </Alert>
    );
  else if (rollup.isPending) body = <LoadingSpinner small label={text.loading} />;
  else if (rollup.isError)
    body = (
      <Alert variant="danger" className="mb-0">
        {withReason(text.loadFailed, rollup.error)}
      </Alert>
    );
  else if (!rollup.data.rows.length) body = <p className="text-muted mb-0">{text.empty}</p>;
  else
    body = (
      <>
        <p className="mb-2" data-testid="plays-total">
          {text.total(rollup.data.plays)}
        </p>
        <PlaysChart rows={rollup.data.rows} labelOf={labelOf} />
        <Table size="sm" responsive className="mb-0" aria-label={text.table}>
          <thead>
            <tr>
              <th scope="col">{text.dimensionLabel[rollup.data.dimension]}</th>
              <th scope="col" className="text-end">
                {text.plays}
              </th>
              <th scope="col" className="text-end">
                {text.playTime}
              </th>
            </tr>
          </thead>
          <tbody>
            {rollup.data.rows.map((row) => (
              <tr key={row.key}>
                <td className="text-break">{labelOf(row)}</td>
                <td className="text-end">{row.plays.toLocaleString(i18n.language)}</td>
                <td className="text-end">{formatPlayTime(row.durationMs)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </>
    );

  return (
    <section>
      <h1 className="h4 mb-3">{menu.proofOfPlay}</h1>
      <ProofOfPlayFilters
        filters={filters}
        companyId={companyId}
        companies={companies.data ?? []}
        onChange={set}
        exportCsv={
          query
            ? () =>
                downloadProofOfPlayCsv(query).catch((e: unknown) =>
                  notify.error(text.exportCsv, withReason(text.exportCsv, e)),
                )
            : undefined
        }
      />
      <Card>
        <Card.Body>{companies.isPending ? <LoadingSpinner small /> : body}</Card.Body>
      </Card>
    </section>
  );
}
