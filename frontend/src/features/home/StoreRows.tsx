import { type Incident, type PortalCompany, STORE_STATUS } from '@store-cloud/contracts';
import { memo } from 'react';
import { clickable } from '../../ui/clickable';
import { StatusDot } from '../../ui/StatusDot';
import { useStableCallback } from '../../ui/useStableCallback';
import { IncidentBadge } from '../alerts/IncidentBadge';
import { HolderNote } from './HolderNote';
import { type LiveStore, type StoreIncidents, versionText } from './live-store';
import { companyLabelsSet, homeTextSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/** Store rows inside the accordion: status dot, name, id and version. */
export function StoreRows({
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
  const homeText = useTexts(homeTextSet);
  // The same function on every render, so a live batch re-renders only the stores it changed.
  const select = useStableCallback(onSelect);
  if (!stores.length) {
    return <p className="text-muted mb-0">{homeText.noStoresFor(company.companyName)}</p>;
  }
  return (
    <ul className="list-group list-group-flush">
      {stores.map((s) => (
        <StoreItem
          key={s.storeId}
          store={s}
          onSelect={select}
          incidents={incidents(s.companyId, s.storeId)}
        />
      ))}
    </ul>
  );
}

/** One store; rendered again only when its store object or its incidents change. */
const StoreItem = memo(function StoreItem({
  store,
  onSelect,
  incidents,
}: {
  store: LiveStore;
  onSelect: (store: LiveStore) => void;
  incidents: Incident[];
}) {
  const companyLabels = useTexts(companyLabelsSet);
  return (
    <li
      {...clickable(() => onSelect(store))}
      className={`list-group-item list-group-item-action d-flex align-items-center gap-2 ${
        store.status === STORE_STATUS.offline ? 'text-muted' : ''
      }`}
    >
      <StatusDot status={store.status} />
      <span className="flex-grow-1">
        {store.storeName}
        <IncidentBadge incidents={incidents} />
        <HolderNote store={store} />
      </span>
      <span>{store.storeId}</span>
      <span className="text-muted small">{versionText(store, companyLabels)}</span>
    </li>
  );
});
