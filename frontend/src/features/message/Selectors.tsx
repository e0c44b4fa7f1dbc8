import {
  POLESIGN_BRANDS,
  type PolesignBrand,
  type PortalCompany,
  siteKey,
  type TargetSite,
} from '@store-cloud/contracts';
import { useMemo } from 'react';
import { Alert, Button, Form, Spinner, Table } from 'react-bootstrap';
import { usePoleSignBrands, useWorkstations } from '../../api/useMessaging';
import { messagingLabelsSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { CompanyStorePicker } from './SiteTables';

export const targetOf = (
  company: Pick<PortalCompany, 'companyId' | 'companyName'>,
  store: { storeId: number; storeName: string },
): TargetSite => ({
  companyId: company.companyId,
  companyName: company.companyName,
  storeId: store.storeId,
  storeName: store.storeName,
});

/**
 * Select by Workstation: one store, then some of its POS and BOS workstations. The store is the
 * target; the chosen workstations go with the message.
 */
export function WorkstationSelector({
  companies,
  target,
  workstations,
  onTarget,
  onWorkstations,
}: {
  companies: readonly PortalCompany[];
  target: TargetSite | null;
  workstations: readonly string[];
  onTarget: (site: TargetSite) => void;
  onWorkstations: (ids: string[]) => void;
}) {
  const L = useTexts(messagingLabelsSet);
  const list = useWorkstations(target);
  const toggle = (id: string) =>
    onWorkstations(
      workstations.includes(id) ? workstations.filter((w) => w !== id) : [...workstations, id],
    );
  return (
    <div className="row g-3">
      <div className="col-md-6">
        <CompanyStorePicker
          companies={companies}
          isSelected={(s) => target?.storeId === s.storeId && target.companyId === s.companyId}
          onChoose={(store, company) => onTarget(targetOf(company, store))}
        />
      </div>
      <div className="col-md-6">
        <h2 className="h6">{L.workstations}</h2>
        {!target ? (
          <p className="text-muted">{L.selectStoreFirst}</p>
        ) : list.isPending ? (
          <Spinner animation="border" size="sm" role="status" aria-label={L.loading} />
        ) : list.isError ? (
          <Alert variant="danger">{L.workstationsFailed}</Alert>
        ) : !list.data.length ? (
          <p className="text-muted">{L.noWorkstations}</p>
        ) : (
          <Table size="sm" aria-label={L.workstations}>
            <thead>
              <tr>
                <th>{L.workstationId}</th>
                <th>{L.workstationType}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((w) => (
                <tr key={w.id}>
                  <td>
                    <Form.Check
                      id={`workstation-${w.id}`}
                      label={w.id}
                      checked={workstations.includes(w.id)}
                      onChange={() => toggle(w.id)}
                    />
                  </td>
                  <td>{w.workstationType}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </div>
  );
}

/** A store's brand as a tile of the grid: one the grid does not list, or none, is Unknown. */
const tileOf = (brand: string | undefined): PolesignBrand =>
  (POLESIGN_BRANDS as readonly string[]).includes(brand ?? '')
    ? (brand as PolesignBrand)
    : 'Unknown';

/**
 * Select by Polesign: the grid of the spec's brands; a brand targets every store of the user's
 * companies whose POS main parameters name it.
 */
export function PolesignSelector({
  companies,
  chosen,
  onChoose,
}: {
  companies: readonly PortalCompany[];
  chosen: PolesignBrand | null;
  onChoose: (brand: PolesignBrand, sites: TargetSite[]) => void;
}) {
  const L = useTexts(messagingLabelsSet);
  const sites = useMemo(
    () => companies.flatMap((c) => c.stores.map((s) => targetOf(c, s))),
    [companies],
  );
  const { pending, brands } = usePoleSignBrands(sites, true);
  const byBrand = useMemo(() => {
    const map = new Map<PolesignBrand, TargetSite[]>();
    for (const site of sites) {
      const tile = tileOf(brands.get(siteKey(site)));
      map.set(tile, [...(map.get(tile) ?? []), site]);
    }
    return map;
  }, [sites, brands]);

  if (pending)
    return (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        {L.polesignLoading}
      </div>
    );
  return (
    <div
      className="d-grid gap-2"
      style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))' }}
      role="group"
      aria-label={L.polesigns}
    >
      {POLESIGN_BRANDS.map((brand) => {
        const stores = byBrand.get(brand) ?? [];
        return (
          <Button
            key={brand}
            variant={chosen === brand ? 'primary' : 'outline-primary'}
            aria-pressed={chosen === brand}
            aria-label={brand}
            title={L.polesignStores(brand, stores.length)}
            disabled={!stores.length}
            className="py-3"
            onClick={() => onChoose(brand, stores)}
          >
            <span className="d-block fw-semibold">{brand}</span>
            <small>{stores.length}</small>
          </Button>
        );
      })}
    </div>
  );
}
