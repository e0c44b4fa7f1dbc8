import { type PortalCompany, STORE_STATUS } from '@store-cloud/contracts';
import { clickable } from '../../ui/clickable';
import { StatusDot } from '../../ui/StatusDot';
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
  const companyLabels = useTexts(companyLabelsSet);
  if (!stores.length) {
    return <p className="text-muted mb-0">{homeText.noStoresFor(company.companyName)}</p>;
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
          <span className="text-muted small">{versionText(s, companyLabels)}</span>
        </li>
      ))}
    </ul>
  );
}
