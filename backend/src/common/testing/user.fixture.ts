import type { UserTypeName } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';

/**
 * For the specs: a signed-in user of this type who sees every company, or only these (without
 * naming stores).
 */
export const userWithCompanies = (
  who: { id: string; username: string; usertype: UserTypeName },
  companies: readonly number[] | 'all',
): AuthenticatedUser => ({
  ...who,
  enabled: true,
  applications: [],
  access:
    companies === 'all'
      ? { all: true, companies: [] }
      : {
          all: false,
          companies: companies.map((companyId) => ({ companyId, companyName: 'C', stores: [] })),
        },
});
