import type { MediaCompany } from '@store-cloud/contracts';

/** Placeholder while the view is built (spec media §2). */
export function MediaAdministrationTab({ company }: { company: MediaCompany }) {
  return <div data-testid="MediaAdministrationTab">{company.companyName}</div>;
}
