import {
  classifySqlBackupInstallation,
  latestSqlBackupRun,
  type SqlBackupOutcome,
  type StoredSqlBackupInstallation,
} from '@store-cloud/contracts';
import { Badge } from 'react-bootstrap';
import {
  sqlBackupLabelsSet,
  sqlBackupOutcomeLabelSet,
  sqlBackupStaleSet,
} from '../../i18n/sets/sqlbackup';
import { type TextsOf } from '../../i18n/text-set';
import { type Column } from '../../ui/ItemTable';
import { StatusBadge } from '../../ui/StatusBadge';
import { VARIANT, when } from './sql-backup-filters';

/** Outcomes with no run to date: their rows show no times (issue 30). */
const NO_RUN = new Set<SqlBackupOutcome>(['notRun', 'noJobs']);
const lastRun = (i: StoredSqlBackupInstallation) =>
  NO_RUN.has(classifySqlBackupInstallation(i)) ? undefined : latestSqlBackupRun(i);

export interface Texts {
  labels: TextsOf<typeof sqlBackupLabelsSet>;
  outcomes: TextsOf<typeof sqlBackupOutcomeLabelSet>;
  stale: TextsOf<typeof sqlBackupStaleSet>;
}

/** Name and result always; company, store and the times only on large screens (`wide`). */
export function installationColumns(
  companyNames: Map<number, string>,
  { labels: L, outcomes, stale }: Texts,
): Column<StoredSqlBackupInstallation>[] {
  const company = (i: StoredSqlBackupInstallation) => companyNames.get(i.CompanyId) ?? i.CompanyId;
  const store = (i: StoredSqlBackupInstallation) => i.StoreName ?? i.StoreId;
  const outcome = (i: StoredSqlBackupInstallation) => outcomes[classifySqlBackupInstallation(i)];
  return [
    { header: L.company, wide: true, cell: company, sort: { id: 'company', value: company } },
    { header: L.store, wide: true, cell: store, sort: { id: 'store', value: store } },
    {
      header: L.name,
      cell: (i) => (
        <>
          {i.Name}
          {i.staleReason && (
            <Badge
              bg={VARIANT.stale}
              text="dark"
              className="ms-2"
              title={stale.reasons[i.staleReason]}
            >
              {stale.label}
            </Badge>
          )}
        </>
      ),
      sort: { id: 'name', value: (i) => i.Name },
    },
    {
      header: L.started,
      wide: true,
      cell: (i) => when(lastRun(i)?.StartedAt),
      sort: { id: 'started', value: (i) => lastRun(i)?.StartedAt ?? undefined },
    },
    {
      header: L.finished,
      wide: true,
      cell: (i) => when(lastRun(i)?.FinishedAt),
      sort: { id: 'finished', value: (i) => lastRun(i)?.FinishedAt ?? undefined },
    },
    {
      header: L.result,
      cell: (i) => (
        <StatusBadge tone={VARIANT[classifySqlBackupInstallation(i)]}>{outcome(i)}</StatusBadge>
      ),
      sort: { id: 'result', value: outcome },
    },
  ];
}
