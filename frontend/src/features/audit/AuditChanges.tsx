import { type AuditChange } from '@store-cloud/contracts';

export const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

export function Changes({ changes, details }: { changes: AuditChange[]; details?: object }) {
  if (!changes.length && !details) return null;
  return (
    <ul className="list-unstyled mb-0 small">
      {changes.map((c) => (
        <li key={c.field} className="text-break">
          <strong>{c.field}</strong>: {show(c.before)} → {show(c.after)}
        </li>
      ))}
      {details &&
        Object.entries(details).map(([name, value]) => (
          <li key={name} className="text-break text-muted">
            {name}: {show(value)}
          </li>
        ))}
    </ul>
  );
}
