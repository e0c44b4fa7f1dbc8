import { useActiveSite } from '../../auth/useActiveSite';

/** The connected site in the header (spec §2 Shell); empty while no store is connected. */
export function ActiveSiteSlot() {
  const site = useActiveSite();
  if (!site) return null;
  return (
    <div className="navbar-text small lh-sm text-truncate me-auto" data-testid="active-site">
      <div>
        {site.companyName} ({site.companyId})
      </div>
      <div>
        {site.storeName} ({site.storeId})
      </div>
    </div>
  );
}
