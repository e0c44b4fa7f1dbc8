import {
  classifySqlBackupInstallation,
  DATE_FORMAT_STATUS,
  SQL_BACKUP_OUTCOMES,
  type SqlBackupOutcome,
  type StoredSqlBackupInstallation,
} from '@store-cloud/contracts';
import { format, isValid } from 'date-fns';
import { useMemo } from 'react';
import { useCompaniesForUser } from '../../api/useCompanies';
import { sqlBackupOutcomeLabelSet, sqlBackupStaleSet } from '../../i18n/sets/sqlbackup';
import { useTexts } from '../../i18n/useTexts';
import { type BadgeTone } from '../../ui/StatusBadge';

/** The spec's outcomes, the Stale flag (issue 17, orthogonal to the outcome) and All. */
export type Filter = SqlBackupOutcome | 'stale' | 'all';

/** The count buttons' colours, in the spec's order. */
export const VARIANT: Record<Filter, BadgeTone> = {
  successful: 'success',
  failed: 'danger',
  notRun: 'warning',
  noJobs: 'secondary',
  inactive: 'dark',
  stale: 'info',
  all: 'primary',
};
export const FILTERS: readonly Filter[] = [...SQL_BACKUP_OUTCOMES, 'stale', 'all'];
/** Each count button's name: the outcomes' labels and Stale, in the page's language. */
export function useFilterLabels(): Record<Filter, string> {
  const outcomes = useTexts(sqlBackupOutcomeLabelSet);
  const stale = useTexts(sqlBackupStaleSet);
  return useMemo(() => ({ ...outcomes, stale: stale.label }), [outcomes, stale]);
}

export function matches(filter: Filter, installation: StoredSqlBackupInstallation) {
  if (filter === 'all') return true;
  if (filter === 'stale') return installation.stale;
  return classifySqlBackupInstallation(installation) === filter;
}

export const when = (iso: string | null | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  return isValid(date) ? format(date, DATE_FORMAT_STATUS) : iso;
};

export const rowKey = (i: StoredSqlBackupInstallation) => `${i.CompanyId}-${i.StoreId}-${i.Id}`;

/** Company names by id, for the table (the installations carry ids only). */
export function useCompanyNames() {
  const companies = useCompaniesForUser();
  return useMemo(
    () => new Map((companies.data ?? []).map((c) => [c.companyId, c.companyName])),
    [companies.data],
  );
}
