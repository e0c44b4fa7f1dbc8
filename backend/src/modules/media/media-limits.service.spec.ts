import { MEDIA_RULE_TEXT, USER_TYPE } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { AuditService } from '../audit';
import type {
  ConnectedCompaniesView,
  IntegrationCompaniesRepository,
  StoredIntegrationCompany,
} from '../companies';
import { MediaAudit } from './media-audit';
import { MediaCompanies } from './media-companies';
import { MediaLimitsService } from './media-limits.service';

const caller = (usertype: AuthenticatedUser['usertype']): AuthenticatedUser => ({
  id: 'u3',
  username: 'caller@storecloud.test',
  usertype,
  enabled: true,
  applications: [],
  access: { all: true, companies: [] },
});

function setUp() {
  let stored: StoredIntegrationCompany = {
    companyId: 7,
    companyName: 'Acme',
    stores: [],
    mediaFileLimit: 20,
    tagLimit: 5,
    tagsList: ['a', 'b', 'c'],
  };
  const audited: unknown[] = [];
  const companies = {
    findOne: async () => stored,
    setLimit: async (_id: number, field: 'mediaFileLimit' | 'tagLimit', value: number) => {
      stored = { ...stored, [field]: value };
    },
  } as unknown as IntegrationCompaniesRepository;
  const audit = new MediaAudit({
    record: async (_actor: unknown, event: unknown) => void audited.push(event),
  } as unknown as AuditService);
  const service = new MediaLimitsService(
    companies,
    new MediaCompanies(companies, {} as ConnectedCompaniesView),
    audit,
  );
  return { service, audited };
}

describe('MediaLimitsService', () => {
  it('sets a limit and audits its old and new value', async () => {
    const { service, audited } = setUp();
    const company = await service.updateLimit(caller(USER_TYPE.SUPER_ADMIN), 'mediaFileLimit', {
      companyId: 7,
      newLimit: 50,
    });
    expect(company.mediaFileLimit).toBe(50);
    expect(audited).toEqual([
      expect.objectContaining({ before: { mediaFileLimit: 20 }, after: { mediaFileLimit: 50 } }),
    ]);
  });

  it('refuses a tag limit below the tags the company has', async () => {
    const { service } = setUp();
    await expect(
      service.updateLimit(caller(USER_TYPE.ADMIN), 'tagLimit', { companyId: 7, newLimit: 2 }),
    ).rejects.toMatchObject({ status: 400, message: MEDIA_RULE_TEXT.tagLimitBelowTags(3) });
  });
});
