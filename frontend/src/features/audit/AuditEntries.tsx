import {
  type AuditEntryView,
  describeAuditEntry,
  type PortalCompany,
} from '@store-cloud/contracts';
import { useMemo } from 'react';
import { Table } from 'react-bootstrap';
import { auditTextSet, auditWordsSet } from '../../i18n/sets/audit';
import { useTexts } from '../../i18n/useTexts';
import { formatDateTime } from '../../ui/date-format';
import { Changes } from './AuditChanges';
import '../../ui/stacked-table.css';

/**
 * The audit entries in words (issue 30 point 4): when, who, a sentence saying what happened
 * (a store's name in place of its `company/store` ids when the portal knows it) and the changes.
 * A table on a wide screen, a card per entry on a phone (ui/stacked-table.css).
 */
export function AuditEntries({
  entries,
  companies,
  busy,
}: {
  entries: AuditEntryView[];
  companies: PortalCompany[];
  busy: boolean;
}) {
  const text = useTexts(auditTextSet);
  const words = useTexts(auditWordsSet);
  const names = useMemo(() => {
    const byId = new Map<string, string>();
    for (const c of companies) {
      byId.set(String(c.companyId), c.companyName);
      for (const s of c.stores) byId.set(`${c.companyId}/${s.storeId}`, s.storeName);
    }
    return byId;
  }, [companies]);
  const targetOf = (entry: AuditEntryView) =>
    entry.targetType === 'store' || entry.targetType === 'company'
      ? (names.get(entry.target) ?? entry.target)
      : entry.target;

  return (
    // A wide table scrolls sideways: its region takes the keyboard's focus so arrows can scroll it.
    <div className="table-responsive" tabIndex={0} role="region" aria-label={text.table}>
      <Table hover size="sm" className="table-stack" aria-label={text.table} aria-busy={busy}>
        <thead>
          <tr>
            <th>{text.when}</th>
            <th>{text.who}</th>
            <th>{text.what}</th>
            <th>{text.changes}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-action={entry.action}>
              <td className="text-nowrap" data-label={text.when}>
                {formatDateTime(entry.at, true)}
              </td>
              <td data-label={text.who}>{entry.actor}</td>
              <td>
                {describeAuditEntry(entry, targetOf(entry), words)}
                {entry.companies.length > 0 && (
                  <div className="small text-muted">
                    {entry.companies.map((c) => names.get(String(c)) ?? c).join(', ')}
                  </div>
                )}
              </td>
              <td>
                <Changes changes={entry.changes} details={entry.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
