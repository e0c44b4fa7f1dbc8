import {
  COMPANY_LABELS,
  HOME_TEXT,
  type PortalCompany,
  STORE_STATUS,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { clickable } from '../../ui/clickable';
import { SearchBox } from '../../ui/SearchBox';
import { matchesSearch } from '../../ui/search';
import { StatusDot } from '../../ui/StatusDot';
import { IncidentBadge } from '../alerts/IncidentBadge';
import { HolderNote } from './HolderNote';
import { heldByOther, type LiveStore, type StoreIncidents, versionText } from './live-store';

/** The stores of one chosen company: a table, or one 'Connect to Site' button for one store. */
export function StorePicker({
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
