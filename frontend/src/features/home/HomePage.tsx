import {
  COMPANY_LABELS,
  DATE_FORMAT_STATUS,
  HOME_TEXT,
  type PortalCompany,
  type PortalStore,
  STORE_STATUS,
  type StoreStatus,
  storeStateName,
} from '@store-cloud/contracts';
import { format, isValid } from 'date-fns';
import { useMemo, useState } from 'react';
import { Accordion, Alert, Button, Form, Spinner, Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { useAllStoresStatus, useCompaniesForUser } from '../../api/useCompanies';
import { useSession } from '../../auth/useSession';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { clickable } from '../../ui/clickable';
import { type Column, SearchableTable } from '../../ui/SearchableTable';
import { SearchBox } from '../../ui/SearchBox';
import { matchesSearch } from '../../ui/search';
import { StatusDot } from '../../ui/StatusDot';
import { IncidentBadge, useStoreIncidents } from '../alerts/IncidentBadge';
import { useConnectToStore } from '../site/useConnectToStore';
import { StaleBackupsNotice } from '../sqlbackup/StaleBackupsNotice';

/** A store on Home with its live status and, when connected, who holds it (issue 13). */
type LiveStore = PortalStore & Pick<StoreStatus, 'connectedBy' | 'connectedSince'>;

/** A store's open incidents (issue 26), from the one query of them all. */
type StoreIncidents = ReturnType<typeof useStoreIncidents>;

/**
 * Connected by someone else than `me` (the signed-in user's name): Connect to Site is refused
 * (the backend refuses it too); the user's own connection is theirs to take over.
 */
const heldByOther = (store: LiveStore, me: string | undefined) =>
  store.status === STORE_STATUS.connected && store.connectedBy !== me;

/** 'Connected by {user} since {time}' under a connected store. */
function HolderNote({ store }: { store: LiveStore }) {
  if (store.status !== STORE_STATUS.connected || !store.connectedBy) return null;
  const since = new Date(store.connectedSince ?? '');
  return (
    <small className="text-muted d-block" data-testid="store-holder">
      {COMPANY_LABELS.connectedBy(
        store.connectedBy,
        isValid(since) ? format(since, DATE_FORMAT_STATUS) : '',
      )}
    </small>
  );
}

/** The stores of a company with the latest polled status, active ones only, sorted by id. */
function withLiveStatus(company: PortalCompany, live: Map<string, StoreStatus>): LiveStore[] {
  return company.stores
    .map((s) => ({ ...s, ...live.get(`${s.companyId}:${s.storeId}`) }))
    .sort((a, b) => a.storeId - b.storeId);
}

const versionText = (store: PortalStore) =>
  store.tentacleVersion && store.status !== STORE_STATUS.offline
    ? COMPANY_LABELS.versionText(store.tentacleVersion)
    : '';

/**
 * Home (spec §2): the company and store picker. All-sites users pick from a searchable company
 * list, others from an accordion of their companies, or straight from the stores of their one
 * company. Statuses refresh every 5 s until a refresh fails or a store is chosen.
 */
export function HomePage() {
  const session = useSession();
  const connection = useConnectToStore();
  const companies = useCompaniesForUser();
  const incidents = useStoreIncidents();
  // An incident's link (ROUTES.homeStore) opens its company's stores with the store marked.
  const [params] = useSearchParams();
  const marked = Number(params.get('store')) || undefined;
  const [chosen, setChosen] = useState<number | null>(Number(params.get('company')) || null);
  const [selecting, setSelecting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const status = useAllStoresStatus(companies.isSuccess && !selecting);

  const live = useMemo(
    () => new Map((status.data ?? []).map((s) => [`${s.companyId}:${s.storeId}`, s])),
    [status.data],
  );
  const list = companies.data ?? [];

  const selectStore = (store: LiveStore, company: PortalCompany) => {
    // The user's own open connection (another tab, a lost logout) is taken over.
    const own = store.status === STORE_STATUS.connected && !heldByOther(store, session?.name);
    if (store.status !== STORE_STATUS.online && !own) {
      setRefusal(HOME_TEXT.cannotConnect(storeStateName(store.status)));
      return;
    }
    if (connection.progress) return;
    setRefusal(null);
    setSelecting(true);
    void connection
      .connect({
        companyId: company.companyId,
        companyName: company.companyName,
        storeId: store.storeId,
        storeName: store.storeName,
        ...(store.installedStoreId ? { installedStoreId: store.installedStoreId } : {}),
      })
      .then((connected) => {
        if (!connected) setSelecting(false);
      });
  };

  // A refusal or failure is about the store of the company on screen: another company drops it.
  const changeCompany = (companyId: number | null) => {
    setRefusal(null);
    connection.dismissError();
    setChosen(companyId);
  };

  const single = list.length === 1 ? list[0]! : undefined;
  const chosenCompany = single ?? list.find((c) => c.companyId === chosen);
  const heading = chosenCompany
    ? HOME_TEXT.selectStoreFor(chosenCompany.companyName)
    : HOME_TEXT.selectCompanyAndStore;

  let body;
  if (companies.isPending) {
    body = <LoadingSpinner />;
  } else if (companies.isError) {
    body = <Alert variant="danger">{HOME_TEXT.failedToSetupStores}</Alert>;
  } else if (!list.length) {
    body = <p className="text-muted">{HOME_TEXT.noCompanies}</p>;
  } else if (chosenCompany) {
    body = (
      <StorePicker
        company={chosenCompany}
        stores={withLiveStatus(chosenCompany, live)}
        onSelect={(s) => selectStore(s, chosenCompany)}
        onBack={single ? undefined : () => changeCompany(null)}
        me={session?.name}
        incidents={incidents}
        marked={marked}
      />
    );
  } else if (session?.all) {
    body = <CompanyPicker companies={list} onChoose={changeCompany} />;
  } else {
    body = (
      <Accordion alwaysOpen onSelect={() => changeCompany(null)}>
        {list.map((company) => (
          <Accordion.Item key={company.companyId} eventKey={String(company.companyId)}>
            <Accordion.Header>
              {company.companyName} ({company.companyId})
            </Accordion.Header>
            <Accordion.Body>
              <StoreRows
                company={company}
                stores={withLiveStatus(company, live)}
                onSelect={(s) => selectStore(s, company)}
                incidents={incidents}
              />
            </Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }

  return (
    <section>
      <h1 className="h4 mb-3">{heading}</h1>
      <StaleBackupsNotice />
      {refusal && (
        <Alert variant="warning" dismissible onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {connection.progress && (
        <Alert variant="info" className="d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {connection.progress}
        </Alert>
      )}
      {connection.error && (
        <Alert variant="danger" dismissible onClose={connection.dismissError}>
          {connection.error}
        </Alert>
      )}
      {body}
    </section>
  );
}

const companyColumns: Column<PortalCompany>[] = [
  { header: COMPANY_LABELS.companyId, cell: (c) => c.companyId },
  { header: COMPANY_LABELS.companyName, cell: (c) => c.companyName },
];

function CompanyPicker({
  companies,
  onChoose,
}: {
  companies: PortalCompany[];
  onChoose: (companyId: number) => void;
}) {
  return (
    <SearchableTable
      rows={companies}
      searchLabel={COMPANY_LABELS.search}
      searchFields={(c) => [c.companyId, c.companyName]}
      tableLabel="Companies"
      columns={companyColumns}
      rowKey={(c) => c.companyId}
      rowProps={(c) => clickable(() => onChoose(c.companyId))}
      maxHeight={800}
    />
  );
}

/** The stores of one chosen company: a table, or one 'Connect to Site' button for one store. */
function StorePicker({
  company,
  stores,
  onSelect,
  onBack,
  me,
  incidents,
  marked,
}: {
  company: PortalCompany;
  stores: LiveStore[];
  onSelect: (store: LiveStore) => void;
  onBack?: () => void;
  me: string | undefined;
  incidents: StoreIncidents;
  /** The store an incident's link points at. */
  marked?: number;
}) {
  const [search, setSearch] = useState('');
  const [hideOffline, setHideOffline] = useState(false);
  const shown = stores
    .filter((s) => matchesSearch(search, s.storeId, s.storeName))
    .filter((s) => !hideOffline || s.status !== STORE_STATUS.offline);
  const only = stores.length === 1 ? stores[0]! : undefined;
  return (
    <>
      {onBack && (
        <Button variant="link" className="px-0 mb-2" onClick={onBack}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {COMPANY_LABELS.changeCompany}
        </Button>
      )}
      {!stores.length ? (
        <p className="text-muted">{HOME_TEXT.noStoresFor(company.companyName)}</p>
      ) : only ? (
        <div className="d-flex align-items-center gap-2">
          <StatusDot status={only.status} />
          <span>
            {only.storeName} ({only.storeId}) {versionText(only)}
            <IncidentBadge incidents={incidents(only.companyId, only.storeId)} />
            <HolderNote store={only} />
          </span>
          <Button onClick={() => onSelect(only)} disabled={heldByOther(only, me)}>
            {HOME_TEXT.connectToSite}
          </Button>
        </div>
      ) : (
        <>
          <div className="d-flex flex-wrap gap-3 align-items-center">
            <div className="flex-grow-1">
              <SearchBox label={COMPANY_LABELS.search} value={search} onChange={setSearch} />
            </div>
            <Form.Check
              id="hide-offline"
              className="mb-2"
              label={HOME_TEXT.hideOfflineStores}
              checked={hideOffline}
              onChange={(e) => setHideOffline(e.target.checked)}
            />
          </div>
          <Table hover size="sm" aria-label="Stores">
            <thead>
              <tr>
                <th aria-label="Status" />
                <th>{COMPANY_LABELS.storeId}</th>
                <th>{COMPANY_LABELS.storeName}</th>
                <th>{COMPANY_LABELS.version}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s) => (
                <tr
                  key={s.storeId}
                  className={`${s.status === STORE_STATUS.offline ? 'text-muted opacity-50' : ''} ${
                    s.storeId === marked ? 'table-active' : ''
                  }`}
                  aria-current={s.storeId === marked ? 'true' : undefined}
                  {...clickable(() => onSelect(s))}
                >
                  <td>
                    <StatusDot status={s.status} />
                  </td>
                  <td>{s.storeId}</td>
                  <td>
                    {s.storeName}
                    <IncidentBadge incidents={incidents(s.companyId, s.storeId)} />
                    <HolderNote store={s} />
                  </td>
                  <td>{versionText(s)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </>
  );
}

/** Store rows inside the accordion: status dot, name, id and version. */
function StoreRows({
  company,
  stores,
  onSelect,
  incidents,
}: {
  company: PortalCompany;
  stores: LiveStore[];
  onSelect: (store: LiveStore) => void;
  incidents: StoreIncidents;
}) {
  if (!stores.length) {
    return <p className="text-muted mb-0">{HOME_TEXT.noStoresFor(company.companyName)}</p>;
  }
  return (
    <ul className="list-group list-group-flush">
      {stores.map((s) => (
        <li
          key={s.storeId}
          {...clickable(() => onSelect(s))}
          className={`list-group-item list-group-item-action d-flex align-items-center gap-2 ${
            s.status === STORE_STATUS.offline ? 'text-muted' : ''
          }`}
        >
          <StatusDot status={s.status} />
          <span className="flex-grow-1">
            {s.storeName}
            <IncidentBadge incidents={incidents(s.companyId, s.storeId)} />
            <HolderNote store={s} />
          </span>
          <span>{s.storeId}</span>
          <span className="text-muted small">{versionText(s)}</span>
        </li>
      ))}
    </ul>
  );
}
