import { type PortalCompany, STORE_STATUS } from '@store-cloud/contracts';
import { useCallback, useMemo, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { clickable } from '../../ui/clickable';
import { type Column, ItemTable } from '../../ui/ItemTable';
import { classes } from '../../ui/table-columns';
import { SearchBox } from '../../ui/SearchBox';
import { matchesSearch } from '../../ui/search';
import { useStableCallback } from '../../ui/useStableCallback';
import { StatusDot } from '../../ui/StatusDot';
import { IncidentBadge } from '../alerts/IncidentBadge';
import { HolderNote } from './HolderNote';
import { companyLabelsSet, homeTextSet } from '../../i18n/sets/common';
import type { TextsOf } from '../../i18n/text-set';
import { useTexts } from '../../i18n/useTexts';
import { heldByOther, type LiveStore, type StoreIncidents, versionText } from './live-store';

/** A long list scrolls in its own region, which renders only the rows in view. */
const LIST_MAX_HEIGHT = '70vh';

const storeKey = (s: LiveStore) => s.storeId;

/** Status, id, name (with its incidents and holder) and version; all sortable. */
const storeColumns = (
  incidents: StoreIncidents,
  labels: TextsOf<typeof companyLabelsSet>,
): Column<LiveStore>[] => [
  {
    header: '',
    label: labels.status,
    cell: (s) => <StatusDot status={s.status} />,
    sort: { id: 'status', value: (s) => s.status },
  },
  {
    header: labels.storeId,
    cell: (s) => s.storeId,
    sort: { id: 'id', value: (s) => s.storeId },
  },
  {
    header: labels.storeName,
    cell: (s) => (
      <>
        {s.storeName}
        <IncidentBadge incidents={incidents(s.companyId, s.storeId)} />
        <HolderNote store={s} />
      </>
    ),
    className: 'text-break',
    sort: { id: 'name', value: (s) => s.storeName },
  },
  {
    header: labels.version,
    cell: (s) => versionText(s, labels),
    sort: { id: 'version', value: (s) => versionText(s, labels) || undefined },
  },
];

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
  const companyLabels = useTexts(companyLabelsSet);
  const homeText = useTexts(homeTextSet);
  const [search, setSearch] = useState('');
  const [hideOffline, setHideOffline] = useState(false);
  const shown = useMemo(
    () =>
      stores
        .filter((s) => matchesSearch(search, s.storeId, s.storeName))
        .filter((s) => !hideOffline || s.status !== STORE_STATUS.offline),
    [stores, search, hideOffline],
  );
  const columns = useMemo(() => storeColumns(incidents, companyLabels), [incidents, companyLabels]);
  // Kept from render to render with the columns, so a live batch re-renders only the rows of the
  // stores it changed (the table's rows are memoised).
  const select = useStableCallback(onSelect);
  const rowProps = useCallback(
    (s: LiveStore) => ({
      ...clickable(() => select(s)),
      className: classes(
        s.status === STORE_STATUS.offline && 'text-muted opacity-50',
        s.storeId === marked && 'table-active',
      ),
      'aria-current': s.storeId === marked ? ('true' as const) : undefined,
    }),
    [select, marked],
  );
  const only = stores.length === 1 ? stores[0]! : undefined;
  return (
    <>
      {onBack && (
        <Button variant="link" className="px-0 mb-2" onClick={onBack}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {companyLabels.changeCompany}
        </Button>
      )}
      {!stores.length ? (
        <p className="text-muted">{homeText.noStoresFor(company.companyName)}</p>
      ) : only ? (
        <div className="d-flex align-items-center gap-2">
          <StatusDot status={only.status} />
          <span>
            {only.storeName} ({only.storeId}) {versionText(only, companyLabels)}
            <IncidentBadge incidents={incidents(only.companyId, only.storeId)} />
            <HolderNote store={only} />
          </span>
          <Button onClick={() => onSelect(only)} disabled={heldByOther(only, me)}>
            {homeText.connectToSite}
          </Button>
        </div>
      ) : (
        <>
          <div className="d-flex flex-wrap gap-3 align-items-center">
            <div className="flex-grow-1">
              <SearchBox label={companyLabels.search} value={search} onChange={setSearch} />
            </div>
            <Form.Check
              id="hide-offline"
              className="mb-2"
              label={homeText.hideOfflineStores}
              checked={hideOffline}
              onChange={(e) => setHideOffline(e.target.checked)}
            />
          </div>
          <ItemTable
            label={companyLabels.stores}
            rows={shown}
            columns={columns}
            rowKey={storeKey}
            rowProps={rowProps}
            sortParam="stores"
            maxHeight={LIST_MAX_HEIGHT}
          />
        </>
      )}
    </>
  );
}
