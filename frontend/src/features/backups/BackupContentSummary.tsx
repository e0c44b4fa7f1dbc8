import { BACKUP_VIEW_TEXT, type BackupDetail } from '@store-cloud/contracts';
import { Table } from 'react-bootstrap';
import { formatDateTime } from '../../ui/date-format';
import { fileSize } from '../media/media-rules';
import { summarizeBackup } from './backup-summary';

const T = BACKUP_VIEW_TEXT;

/**
 * A backup at a glance (issue 30 point 4): its server, when it was taken, and each collection
 * with its documents, indexes and size. The spec's formatted JSON stays, folded below.
 */
export function BackupContentSummary({ detail, taken }: { detail: BackupDetail; taken: string }) {
  const content = summarizeBackup(detail.backup);
  return (
    <>
      <dl className="row mb-3" aria-label={T.summary}>
        <dt className="col-sm-3">{T.server}</dt>
        <dd className="col-sm-9 text-break">
          {detail.name} <span className="text-muted">({detail.url})</span>
        </dd>
        <dt className="col-sm-3">{T.taken}</dt>
        <dd className="col-sm-9">{taken}</dd>
        {content && (
          <>
            <dt className="col-sm-3">{T.created}</dt>
            <dd className="col-sm-9">{formatDateTime(content.createdAt, true)}</dd>
            <dt className="col-sm-3">{T.collections}</dt>
            <dd className="col-sm-9">{content.collections.length}</dd>
            <dt className="col-sm-3">{T.documents}</dt>
            <dd className="col-sm-9">{content.documents}</dd>
            <dt className="col-sm-3">{T.size}</dt>
            <dd className="col-sm-9">{fileSize(content.bytes)}</dd>
          </>
        )}
      </dl>
      {content ? (
        <Table size="sm" aria-label={T.collections}>
          <thead>
            <tr>
              <th>{T.collection}</th>
              <th className="text-end">{T.documents}</th>
              <th className="text-end">{T.indexes}</th>
              <th className="text-end">{T.size}</th>
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
        <p className="text-muted">{T.unreadable}</p>
      )}
      <details open={!content}>
        <summary>{T.showJson}</summary>
        <pre data-testid="backup-json" className="small mb-0 mt-2">
          {JSON.stringify(detail.backup, null, 2)}
        </pre>
      </details>
    </>
  );
}
