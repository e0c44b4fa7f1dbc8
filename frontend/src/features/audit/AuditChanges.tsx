import {
  type AuditChange,
  auditFieldLabel,
  auditValueText,
  describeAuditChange,
} from '@store-cloud/contracts';
import { auditWordsSet } from '../../i18n/sets/audit';
import { useTexts } from '../../i18n/useTexts';
import { formatDateTime } from '../../ui/date-format';

/** Dates inside a change read as the table's dates do. */
const instant = (iso: string) => formatDateTime(iso) || iso;

/** Each changed field as "Label: before → after", then the entry's details, all in words. */
export function Changes({ changes, details }: { changes: AuditChange[]; details?: object }) {
  const words = useTexts(auditWordsSet);
  if (!changes.length && !details) return null;
  return (
    <ul className="list-unstyled mb-0 small">
      {changes.map((c) => {
        const { label, before, after } = describeAuditChange(c, instant, words);
        return (
          <li key={c.field} className="text-break">
            <strong>{label}</strong>: {before} → {after}
          </li>
        );
      })}
      {details &&
        Object.entries(details).map(([name, value]) => (
          <li key={name} className="text-break text-muted">
            {auditFieldLabel(name, words)}: {auditValueText(value, instant, words)}
          </li>
        ))}
    </ul>
  );
}
