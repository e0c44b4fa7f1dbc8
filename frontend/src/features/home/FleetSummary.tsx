import { type PortalCompany, type StoreStatus } from '@store-cloud/contracts';
import { useMemo } from 'react';
import { Card } from 'react-bootstrap';
import { useOpenIncidents } from '../../api/useIncidents';
import { type Column, ItemTable } from '../../ui/ItemTable';
import { fleetSummaryTextSet, siteLabelsSet } from '../../i18n/sets/common';
import type { TextsOf } from '../../i18n/text-set';
import { useTexts } from '../../i18n/useTexts';
import { type CompanySummary, summariseFleet } from './fleet-summary';

const count = (key: 'online' | 'connected' | 'offline' | 'incidents', header: string) =>
  ({
    header,
    cell: (row) => row[key].toLocaleString(),
    className: 'text-end',
    sort: { id: key, value: (row) => row[key] },
  }) satisfies Column<CompanySummary>;

const companyKey = (row: CompanySummary) => row.companyId;

const columnsOf = (
  T: TextsOf<typeof fleetSummaryTextSet>,
  siteLabels: TextsOf<typeof siteLabelsSet>,
): Column<CompanySummary>[] => [
  {
    header: T.company,
    cell: (c) => siteLabels.nameAndId(c.companyName, c.companyId),
    className: 'text-break',
    sort: { id: 'company', value: (c) => c.companyName },
  },
  count('online', T.online),
  { ...count('connected', T.connected), hideBelow: 'sm' },
  count('offline', T.offline),
  count('incidents', T.openIncidents),
];

/**
 * Home's fleet summary (issue 30): online, connected and offline stores and open incidents per
 * company, from the same live status and incidents queries as the lists (no extra request).
 */
export function FleetSummary({
  companies,
  live,
}: {
  companies: readonly PortalCompany[];
  live: ReadonlyMap<string, StoreStatus>;
}) {
  const T = useTexts(fleetSummaryTextSet);
  const siteLabels = useTexts(siteLabelsSet);
  const columns = useMemo(() => columnsOf(T, siteLabels), [T, siteLabels]);
  const incidents = useOpenIncidents();
  const rows = useMemo(
    () => summariseFleet(companies, live, incidents.data ?? []),
    [companies, live, incidents.data],
  );
  return (
    <Card className="mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">{T.title}</h2>
      </Card.Header>
      <Card.Body className="p-0">
        <ItemTable
          label={T.title}
          rows={rows}
          columns={columns}
          rowKey={companyKey}
          className="mb-0"
          sortParam="summary"
          maxHeight="40vh"
          empty={<p className="text-muted p-3 mb-0">{T.noStores}</p>}
        />
      </Card.Body>
    </Card>
  );
}
