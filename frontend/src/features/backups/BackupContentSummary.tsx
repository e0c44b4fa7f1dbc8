import { type BackupDetail } from '@store-cloud/contracts';
import { Table } from 'react-bootstrap';
import { backupViewTextSet } from '../../i18n/sets/backups';
import { useTexts } from '../../i18n/useTexts';
import { formatDateTime } from '../../ui/date-format';
import { fileSize } from '../media/media-rules';
import { summarizeBackup } from './backup-summary';

/**
 * A backup at a glance (issue 30 point 4): its server, when it was taken, and each collection
 * with its documents, indexes and size. The spec's formatted JSON stays, folded below.
 */
export function BackupContentSummary({ detail, taken }: { detail: BackupDetail; taken: string }) {
  const viewText = useTexts(backupViewTextSet);
  const content = summarizeBackup(detail.backup);
  return (
    <>
      <dl className="row mb-3" aria-label={viewText.summary}>
        <dt className="col-sm-3">{viewText.server}</dt>
        <dd className="col-sm-9 text-break">
          {detail.name} <span className="text-muted">({detail.url})</span>
        </dd>
        <dt className="col-sm-3">{viewText.taken}</dt>
        <dd className="col-sm-9">{taken}</dd>
        {content && (
          <>
            <dt className="col-sm-3">{viewText.created}</dt>
            <dd className="col-sm-9">{formatDateTime(content.createdAt, true)}</dd>
            <dt className="col-sm-3">{viewText.collections}</dt>
            <dd className="col-sm-9">{content.collections.length}</dd>
            <dt className="col-sm-3">{viewText.documents}</dt>
            <dd className="col-sm-9">{content.documents}</dd>
            <dt className="col-sm-3">{viewText.size}</dt>
            <dd className="col-sm-9">{fileSize(content.bytes)}</dd>
          </>
        )}
      </dl>
      {content ? (
        <Table size="sm" aria-label={viewText.collections}>
          <thead>
            <tr>
              <th>{viewText.collection}</th>
              <th className="text-end">{viewText.documents}</th>
              <th className="text-end">{viewText.indexes}</th>
              <th className="text-end">{viewText.size}</th>
            </tr>
          </thead>
          <tbody>
            {content.collections.map((c) => (
              <tr key={c.name}>
                <td className="text-break">{c.name}</td>
                <td className="text-end">{c.documents}</td>
                <td className="text-end">{c.indexes}</td>
                <td className="text-end text-nowrap">{fileSize(c.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="text-muted">{viewText.unreadable}</p>
      )}
      <details open={!content}>
        <summary>{viewText.showJson}</summary>
        <pre data-testid="backup-json" className="small mb-0 mt-2">
          {JSON.stringify(detail.backup, null, 2)}
        </pre>
      </details>
    </>
  );
}
