import type { PortalCompany } from '@store-cloud/contracts';
import type { Names } from './useNames';

/** The options of a company choice, each company by name and id. */
export const CompanyOptions = ({ names }: { names: Names }) =>
  names.companies.map((c) => (
    <option key={c.companyId} value={c.companyId}>
      {names.company(c.companyId)}
    </option>
  ));

/** The options of a store choice within the chosen company, each store by name and id. */
export const StoreOptions = ({
  names,
  stores,
}: {
  names: Names;
  stores: PortalCompany['stores'];
}) =>
  stores.map((s) => (
    <option key={s.storeId} value={s.storeId}>
      {names.store(s.companyId, s.storeId)}
    </option>
  ));
