import {
  DATE_FORMAT_STATUS,
  MENU_LABELS,
  type PortalConnection,
  POPOVER_DELAY,
  SITE_LABELS,
  STATUS_TEXT,
  type StorePingEntry,
  TOAST,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { type ReactNode, useMemo, useState } from 'react';
import { Button, Card, OverlayTrigger, Popover, Table } from 'react-bootstrap';
import { useCompaniesForUser } from '../../api/useCompanies';
import {
  useClearMessageQueue,
  useCloseSiteConnection,
  useMessageQueue,
  useSystemStatus,
} from '../../api/useSite';
import { useSession } from '../../auth/useSession';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { Breakable } from '../../ui/Breakable';
import { IncidentBadge, useStoreIncidents } from '../alerts/IncidentBadge';
import { StaleBackupsNotice } from '../sqlbackup/StaleBackupsNotice';
import { OpenIncidentsCard } from '../alerts/OpenIncidentsCard';

const when = (iso: string) => format(new Date(iso), DATE_FORMAT_STATUS);

type Names = (company: number, store: number) => { company: string; store: string };

/**
 * Company and store as "Name (id)" by id, from the companies the user may see; the bare id where
 * the name is unknown.
 */
function useNames(): Names {
  const companies = useCompaniesForUser();
  return useMemo(() => {
    const companyNames = new Map<number, string>();
    const storeNames = new Map<string, string>();
    for (const c of companies.data ?? []) {
      companyNames.set(c.companyId, c.companyName);
      for (const s of c.stores) storeNames.set(`${c.companyId}:${s.storeId}`, s.storeName);
    }
    return (company, store) => ({
      company: SITE_LABELS.nameAndId(companyNames.get(company), company),
      store: SITE_LABELS.nameAndId(storeNames.get(`${company}:${store}`), store),
    });
  }, [companies.data]);
}

/** Tentacles by company, then store: a refresh keeps every row in its place. */
const byEnterprise = (a: StorePingEntry, b: StorePingEntry) =>
  a.enterprise.company - b.enterprise.company || a.enterprise.store - b.enterprise.store;

/** A titled card holding one list: a spinner while loading, the empty text when empty. */
function StatusCard({
  title,
  count,
  loading,
  empty,
  emptyText,
  action,
  children,
}: {
  title: string;
  count?: number;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = count === undefined ? title : `${title} (${count})`;
  return (
    <Card className="mb-3">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">{heading}</h2>
        {action}
      </Card.Header>
      <Card.Body className="p-0 table-responsive">
        {loading ? (
          <div className="p-3">
            <LoadingSpinner small />
          </div>
        ) : empty ? (
          <p className="text-muted p-3 mb-0">{emptyText}</p>
        ) : (
          children
        )}
      </Card.Body>
    </Card>
  );
}

function TentacleRow({
  entry,
  names,
  incidents,
}: {
  entry: StorePingEntry;
  names: Names;
  incidents: ReturnType<typeof useStoreIncidents>;
}) {
  const { company, store } = entry.enterprise;
  const named = names(company, store);
  const popover = (
    <Popover id={`tentacle-${company}-${store}`}>
      <Popover.Body>
        <div>{named.company}</div>
        <div>{named.store}</div>
      </Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger
      trigger={['hover', 'focus']}
      placement="top"
      delay={POPOVER_DELAY}
      overlay={popover}
    >
      <tr className={entry.noPingCounter > 0 ? 'table-warning' : undefined} tabIndex={0}>
        <td>{named.company}</td>
        <td>
          {named.store}
          <IncidentBadge incidents={incidents(company, store)} />
        </td>
        <td>{when(entry.datetime)}</td>
        <td>{entry.tentacleVersion}</td>
      </tr>
    </OverlayTrigger>
  );
}

/**
 * Status (spec §2): the stores online, the open portal connections (which an administrator may
 * close), the message queue for offline stores and the pending socket logins; every 5 s.
 */
export function StatusPage() {
  const status = useSystemStatus();
  const queue = useMessageQueue();
  const clearQueue = useClearMessageQueue();
  const closeConnection = useCloseSiteConnection();
  // Clearing drops every company's messages: only for administrators with access to all.
  const mayClear = useSession()?.all === true;
  const names = useNames();
  const incidents = useStoreIncidents();
  const [closing, setClosing] = useState<PortalConnection | null>(null);

  const tentacles = useMemo(
    () => [...(status.data?.storePingList ?? [])].sort(byEnterprise),
    [status.data?.storePingList],
  );
  const connections = status.data?.portalConnectionsList ?? [];
  const sockets = status.data?.loginRequestList ?? [];
  const messages = queue.data ?? [];

  const clear = () =>
    clearQueue.mutate(undefined, {
      onSuccess: () => notify.success(TOAST.messageQueue.title, TOAST.messageQueue.success),
      onError: (e) => notify.error(TOAST.messageQueue.title, TOAST.messageQueue.error, e),
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
      <h1 className="visually-hidden">{MENU_LABELS.status}</h1>
      <StaleBackupsNotice />
      <OpenIncidentsCard names={names} />
      <StatusCard
        title={STATUS_TEXT.tentaclesOnline}
        count={tentacles.length}
        loading={status.isPending}
        empty={!tentacles.length}
        emptyText={STATUS_TEXT.noSitesOnline}
      >
        <Table hover size="sm" className="mb-0" aria-label={STATUS_TEXT.tentaclesOnline}>
          <thead>
            <tr>
              <th>{SITE_LABELS.company}</th>
              <th>{SITE_LABELS.store}</th>
              <th>{SITE_LABELS.lastContact}</th>
              <th>{SITE_LABELS.version}</th>
            </tr>
          </thead>
          <tbody>
            {tentacles.map((entry) => (
              <TentacleRow
                key={`${entry.enterprise.company}:${entry.enterprise.store}`}
                entry={entry}
                names={names}
                incidents={incidents}
              />
            ))}
          </tbody>
        </Table>
      </StatusCard>

      <StatusCard
        title={STATUS_TEXT.currentConnections}
        loading={status.isPending}
        empty={!connections.length}
        emptyText={STATUS_TEXT.noSitesConnected}
      >
        <Table hover size="sm" className="mb-0" aria-label={STATUS_TEXT.currentConnections}>
          <thead>
            <tr>
              <th>{SITE_LABELS.company}</th>
              <th>{SITE_LABELS.store}</th>
              <th>{SITE_LABELS.user}</th>
              <th>{SITE_LABELS.lastAccessed}</th>
              <th aria-label={SITE_LABELS.closeConnection} />
            </tr>
          </thead>
          <tbody>
            {connections.map((c) => (
              <tr key={`${c.company}:${c.store}:${c.user}`}>
                <td>{names(c.company, c.store).company}</td>
                <td>
                  {names(c.company, c.store).store}
                  <IncidentBadge incidents={incidents(c.company, c.store)} />
                </td>
                <td>
                  <Breakable text={c.user} />
                </td>
                <td>{when(c.lastAccessed)}</td>
                <td className="text-end">
                  <Button
                    variant="link"
                    size="sm"
                    className="text-danger p-0"
                    title={SITE_LABELS.closeConnection}
                    aria-label={SITE_LABELS.closeConnection}
                    onClick={() => setClosing(c)}
                  >
                    <i className="bi bi-x-circle" aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </StatusCard>

      <StatusCard
        title={STATUS_TEXT.messageQueue}
        loading={queue.isPending}
        empty={!messages.length}
        emptyText={STATUS_TEXT.noMessages}
        action={
          mayClear && (
            <Button
              size="sm"
              variant="outline-danger"
              onClick={clear}
              disabled={clearQueue.isPending}
            >
              {SITE_LABELS.clear}
            </Button>
          )
        }
      >
        <Table hover size="sm" className="mb-0" aria-label={STATUS_TEXT.messageQueue}>
          <thead>
            <tr>
              <th>{SITE_LABELS.id}</th>
              <th>{SITE_LABELS.query}</th>
              <th>{SITE_LABELS.time}</th>
              <th>{SITE_LABELS.url}</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr key={m.id}>
                <td>{m.id}</td>
                <td className="text-break">{m.query}</td>
                <td>{when(m.datetime)}</td>
                <td>
                  <Breakable text={m.url} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </StatusCard>

      <StatusCard
        title={STATUS_TEXT.socketConnections}
        loading={status.isPending}
        empty={!sockets.length}
        emptyText={STATUS_TEXT.noSockets}
      >
        <Table hover size="sm" className="mb-0" aria-label={STATUS_TEXT.socketConnections}>
          <thead>
            <tr>
              <th>{SITE_LABELS.company}</th>
              <th>{SITE_LABELS.store}</th>
              <th>{SITE_LABELS.user}</th>
            </tr>
          </thead>
          <tbody>
            {sockets.map((s) => (
              <tr key={`${s.company}:${s.store}:${s.user}`}>
                <td>{names(s.company, s.store).company}</td>
                <td>{names(s.company, s.store).store}</td>
                <td>
                  <Breakable text={s.user} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </StatusCard>

      {closing && (
        <ConfirmModal
          title={SITE_LABELS.closeConnection}
          yesLabel={SITE_LABELS.closeConnection}
          noLabel={SITE_LABELS.cancel}
          onNo={() => setClosing(null)}
          onYes={confirmClose}
        >
          <p>{SITE_LABELS.confirmClose(closing.company, closing.store)}</p>
          <p className="mb-0 text-wrap-anywhere">{SITE_LABELS.closeConsequence(closing.user)}</p>
        </ConfirmModal>
      )}
    </section>
  );
}
