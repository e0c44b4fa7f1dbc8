import { type MessageHistoryEntry } from '@store-cloud/contracts';
import { Table } from 'react-bootstrap';
import { messagingLabelsSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { formatDateTime } from '../../ui/date-format';

/** What a store's messenger holds, as the MessageHistory command fetched it: newest first. */
export function SiteHistory({ store, history }: { store: string; history: MessageHistoryEntry[] }) {
  const L = useTexts(messagingLabelsSet);
  const title = L.historyOf(store);
  const rows = [...history].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  return (
    <section className="mb-3">
      <h3 className="h6">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-muted">{L.historyEmpty}</p>
      ) : (
        <Table size="sm" responsive aria-label={title}>
          <thead>
            <tr>
              <th>{L.historyReceived}</th>
              <th>{L.messageType}</th>
              <th>{L.content}</th>
              <th>{L.messageId}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={`${entry.message.id}-${entry.receivedAt}`}>
                <td className="text-nowrap">{formatDateTime(entry.receivedAt, true)}</td>
                <td>{entry.message.type}</td>
                <td className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
                  {entry.message.payload.content}
                </td>
                <td className="text-break">{entry.message.id}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
