import {
  DATE_FORMAT_STATUS,
  type MessageHistoryEntry,
  MESSAGING_LABELS,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { Table } from 'react-bootstrap';

/** What a store's messenger holds, as the MessageHistory command fetched it: newest first. */
export function SiteHistory({ store, history }: { store: string; history: MessageHistoryEntry[] }) {
  const title = MESSAGING_LABELS.historyOf(store);
  const rows = [...history].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  return (
    <section className="mb-3">
      <h3 className="h6">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-muted">{MESSAGING_LABELS.historyEmpty}</p>
      ) : (
        <Table size="sm" responsive aria-label={title}>
          <thead>
            <tr>
              <th>{MESSAGING_LABELS.historyReceived}</th>
              <th>{MESSAGING_LABELS.messageType}</th>
              <th>{MESSAGING_LABELS.content}</th>
              <th>{MESSAGING_LABELS.messageId}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={`${entry.message.id}-${entry.receivedAt}`}>
                <td className="text-nowrap">
                  {format(new Date(entry.receivedAt), DATE_FORMAT_STATUS)}
                </td>
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
