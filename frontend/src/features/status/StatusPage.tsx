import { type PortalConnection, type StorePingEntry } from '@store-cloud/contracts';
import { useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import {
  useClearMessageQueue,
  useCloseSiteConnection,
  useMessageQueue,
  useSystemStatus,
} from '../../api/useSite';
import { useSession } from '../../auth/useSession';
import { menuLabelsSet, siteLabelsSet, statusTextSet } from '../../i18n/sets/common';
import { messageQueueToastSet } from '../../i18n/sets/status';
import { useTexts } from '../../i18n/useTexts';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { notify } from '../../ui/notify';
import { useStoreIncidents } from '../alerts/IncidentBadge';
import { OpenIncidentsCard } from '../alerts/OpenIncidentsCard';
import { StaleBackupsNotice } from '../sqlbackup/StaleBackupsNotice';
import { StatusCard } from './StatusCard';
import { connectionColumns, queueColumns, socketColumns } from './status-columns';
import { tentacleColumns, tentacleRowProps, withTentaclePopover } from './TentacleRow';
import { useStoreNames } from './useStoreNames';

/** Tentacles by company, then store: a refresh keeps every row in its place. */
const byEnterprise = (a: StorePingEntry, b: StorePingEntry) =>
  a.enterprise.company - b.enterprise.company || a.enterprise.store - b.enterprise.store;

/**
 * Status (spec §2): the stores online, the open portal connections (which an administrator may
 * close), the message queue for offline stores and the pending socket logins; each list sortable,
 * the online stores patched from the live push (useLiveStatus) with a slow full refresh behind it.
 */
export function StatusPage() {
  const L = useTexts(siteLabelsSet);
  const statusText = useTexts(statusTextSet);
  const menuLabels = useTexts(menuLabelsSet);
  const queueToast = useTexts(messageQueueToastSet);
  const status = useSystemStatus();
  const queue = useMessageQueue();
  const clearQueue = useClearMessageQueue();
  const closeConnection = useCloseSiteConnection();
  // Clearing drops every company's messages: only for administrators with access to all.
  const mayClear = useSession()?.all === true;
  const names = useStoreNames();
  const incidents = useStoreIncidents();
  const [closing, setClosing] = useState<PortalConnection | null>(null);

  const columns = useMemo(
    () => ({
      tentacles: tentacleColumns(L, names, incidents),
      popover: withTentaclePopover(names),
      connections: connectionColumns(L, names, incidents, setClosing),
      sockets: socketColumns(L, names),
      queue: queueColumns(L),
    }),
    [L, names, incidents],
  );
  const tentacles = useMemo(
    () => [...(status.data?.storePingList ?? [])].sort(byEnterprise),
    [status.data?.storePingList],
  );

  const clear = () =>
    clearQueue.mutate(undefined, {
      onSuccess: () => notify.success(queueToast.title, queueToast.success),
      onError: (e) => notify.error(queueToast.title, queueToast.error, e),
    });

  const confirmClose = () => {
    if (!closing) return;
    closeConnection.mutate(
      { company: closing.company, store: closing.store },
      { onError: (error) => console.error('Closing the connection failed', error) },
    );
    setClosing(null);
  };

  return (
    <section>
      <h1 className="visually-hidden">{menuLabels.status}</h1>
      <StaleBackupsNotice />
      <OpenIncidentsCard names={names} />
      <StatusCard
        title={statusText.tentaclesOnline}
        count={tentacles.length}
        loading={status.isPending}
        items={tentacles}
        emptyText={statusText.noSitesOnline}
        columns={columns.tentacles}
        sortParam="online"
        rowKey={(e) => `${e.enterprise.company}:${e.enterprise.store}`}
        rowProps={tentacleRowProps}
        wrapRow={columns.popover}
      />
      <StatusCard
        title={statusText.currentConnections}
        loading={status.isPending}
        items={status.data?.portalConnectionsList ?? []}
        emptyText={statusText.noSitesConnected}
        columns={columns.connections}
        sortParam="connections"
        rowKey={(c) => `${c.company}:${c.store}:${c.user}`}
      />
      <StatusCard
        title={statusText.messageQueue}
        loading={queue.isPending}
        items={queue.data ?? []}
        emptyText={statusText.noMessages}
        columns={columns.queue}
        sortParam="queue"
        rowKey={(m) => m.id}
        action={
          mayClear && (
            // Solid: an outlined red on the card's grey header is below 4.5:1 contrast.
            <Button size="sm" variant="danger" onClick={clear} disabled={clearQueue.isPending}>
              {L.clear}
            </Button>
          )
        }
      />
      <StatusCard
        title={statusText.socketConnections}
        loading={status.isPending}
        items={status.data?.loginRequestList ?? []}
        emptyText={statusText.noSockets}
        columns={columns.sockets}
        sortParam="sockets"
        rowKey={(s) => `${s.company}:${s.store}:${s.user}`}
      />

      {closing && (
        <ConfirmModal
          title={L.closeConnection}
          yesLabel={L.closeConnection}
          noLabel={L.cancel}
          onNo={() => setClosing(null)}
          onYes={confirmClose}
        >
          <p>{L.confirmClose(closing.company, closing.store)}</p>
          <p className="mb-0 text-wrap-anywhere">{L.closeConsequence(closing.user)}</p>
        </ConfirmModal>
      )}
    </section>
  );
}
