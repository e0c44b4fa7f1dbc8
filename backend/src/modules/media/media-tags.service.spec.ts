import { USER_TYPE } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { AuditService } from '../audit';
import type {
  ConnectedCompaniesView,
  IntegrationCompaniesRepository,
  StoredIntegrationCompany,
} from '../companies';
import { MediaAudit } from './media-audit';
import { MediaCompanies } from './media-companies';
import { MediaTagsService } from './media-tags.service';

const basic: AuthenticatedUser = {
  id: 'u2',
  username: 'basic@storecloud.test',
  usertype: USER_TYPE.BASIC,
  enabled: true,
  applications: [],
  access: { all: true, companies: [] },
};

function setUp(company: Partial<StoredIntegrationCompany>) {
  let stored: StoredIntegrationCompany = {
    companyId: 7,
    companyName: 'Acme',
    stores: [{ storeId: 1, storeName: 'One', isActive: true, tags: ['old'] }],
    mediaFileLimit: 20,
    tagLimit: 5,
    ...company,
  };
  const audited: unknown[] = [];
  const companies = {
    findOne: async (id: number) => (id === stored.companyId ? stored : undefined),
    setStoreTags: async (_id: number, storeId: number, tags: string[]) => {
      if (!stored.stores.some((s) => s.storeId === storeId)) return false;
      stored = {
        ...stored,
        stores: stored.stores.map((s) => (s.storeId === storeId ? { ...s, tags } : s)),
      };
      return true;
    },
  } as unknown as IntegrationCompaniesRepository;
  const audit = new MediaAudit({
    record: async (_actor: unknown, event: unknown) => void audited.push(event),
  } as unknown as AuditService);
  const service = new MediaTagsService(
    companies,
    new MediaCompanies(companies, {} as ConnectedCompaniesView),
    audit,
  );
  return { service, audited };
}

describe('MediaTagsService', () => {
  const configured = { mediaFolderName: 'Acme-7', tagsList: ['old', 'promo'] };

  it("saves a store's tags once each and audits the change, for any media user", async () => {
    const { service, audited } = setUp(configured);
    const company = await service.saveTagChanges(basic, {
      companyId: 7,
      storeId: 1,
      tags: ['promo', 'promo'],
    });
    expect(company.stores[0].tags).toEqual(['promo']);
    expect(audited).toEqual([
      expect.objectContaining({
        targetType: 'store',
        target: '7/1',
        before: { tags: ['old'] },
        after: { tags: ['promo'] },
      }),
    ]);
  });

  it('refuses a company without media folder, an unknown tag and an unknown store', async () => {
    await expect(
      setUp({}).service.saveTagChanges(basic, { companyId: 7, storeId: 1, tags: [] }),
    ).rejects.toMatchObject({ status: 400 });
    const { service } = setUp(configured);
    await expect(
      service.saveTagChanges(basic, { companyId: 7, storeId: 1, tags: ['nope'] }),
    ).rejects.toMatchObject({ status: 400, message: 'Unknown tags for this company: nope' });
    await expect(
      service.saveTagChanges(basic, { companyId: 7, storeId: 9, tags: ['promo'] }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      service.saveTagChanges(basic, { companyId: 8, storeId: 1, tags: [] }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
