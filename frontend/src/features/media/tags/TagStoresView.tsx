import type { MediaCompany } from '@store-cloud/contracts';

/** Placeholder while the view is built (spec media §2). */
export function TagStoresView({ company }: { company: MediaCompany }) {
  return <div data-testid="TagStoresView">{company.companyName}</div>;
}
