import { type Schedule, USER_TYPE } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type {
  ConnectedCompaniesView,
  IntegrationCompaniesRepository,
  StoredIntegrationCompany,
} from '../companies';
import type { AuditService } from '../audit';
import { MediaAudit } from './media-audit';
import { MediaCompanies } from './media-companies';
import { MediaFoldersService } from './media-folders.service';
import { MediaError } from './media.errors';
import type { MediaServerClient } from './media-server.client';
import type { SchedulesRepository } from './schedules.repository';

const user = (usertype: AuthenticatedUser['usertype']): AuthenticatedUser => ({
  id: 'u1',
  username: 'admin@storecloud.test',
  usertype,
  enabled: true,
  applications: [],
  access: { all: true, companies: [] },
});

/** The media service's collaborators as plain in-memory ones: the stored companies, the media server's folders. */
function setUp(opts: { recordFails?: boolean; openSchedules?: Partial<Schedule>[] } = {}) {
  const stored = new Map<number, StoredIntegrationCompany>([
    [7, { companyId: 7, companyName: 'Acme', stores: [], mediaFileLimit: 20, tagLimit: 2 }],
  ]);
  const folders = new Set<string>();
  const audited: unknown[] = [];
  const companies = {
    findOne: async (id: number) => stored.get(id),
    setMediaFolder: async (id: number, name: string, tags: string[]) => {
      if (opts.recordFails) throw new Error('database gone');
      stored.set(id, { ...stored.get(id)!, mediaFolderName: name, tagsList: tags });
      return true;
    },
    addTag: async (id: number, tag: string) => {
      if (opts.recordFails) throw new Error('database gone');
      const c = stored.get(id)!;
      stored.set(id, { ...c, tagsList: [...(c.tagsList ?? []), tag] });
      return true;
    },
    removeTag: async (id: number, tag: string) => {
      const c = stored.get(id)!;
      stored.set(id, { ...c, tagsList: (c.tagsList ?? []).filter((t) => t !== tag) });
      return true;
    },
  } as unknown as IntegrationCompaniesRepository;
  const mediaServer = {
    createCompanyFolder: async (f: string) => !folders.has(f) && Boolean(folders.add(f)),
    removeEmptyCompanyFolder: async (f: string) => void folders.delete(f),
    createTagFolder: async (f: string, t: string) =>
      !folders.has(`${f}/${t}`) && Boolean(folders.add(`${f}/${t}`)),
    removeTagFolder: async (f: string, t: string) => folders.delete(`${f}/${t}`),
  } as unknown as MediaServerClient;
  const schedules = {
    list: async () => opts.openSchedules ?? [],
  } as unknown as SchedulesRepository;
  const audit = new MediaAudit({
    record: async (_actor: unknown, event: unknown) => void audited.push(event),
  } as unknown as AuditService);
  const mediaCompanies = new MediaCompanies(companies, {} as ConnectedCompaniesView);
  const service = new MediaFoldersService(companies, mediaCompanies, schedules, mediaServer, audit);
  return { service, stored, folders, audited };
}

describe('MediaFoldersService', () => {
  const admin = user(USER_TYPE.ADMIN);

  it('makes the company folder, records it and audits it', async () => {
    const { service, folders, audited } = setUp();
    const company = await service.addMediaFolders(admin, {
      companyId: 7,
      mediaFolderName: 'Acme-7',
      tagsList: ['promo', 'promo'],
    });
    expect(company).toMatchObject({ mediaFolderName: 'Acme-7', tagsList: ['promo'] });
    expect([...folders]).toEqual(['Acme-7', 'Acme-7/promo']);
    expect(audited).toEqual([
      expect.objectContaining({
        target: 'Acme-7',
        after: { mediaFolderName: 'Acme-7', tagsList: ['promo'] },
      }),
    ]);
  });

  it('refuses a folder name other than the company one and more tags than its limit', async () => {
    const { service } = setUp();
    await expect(
      service.addMediaFolders(admin, { companyId: 7, mediaFolderName: 'Other', tagsList: [] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      service.addMediaFolders(admin, {
        companyId: 7,
        mediaFolderName: 'Acme-7',
        tagsList: ['a', 'b', 'c'],
      }),
    ).rejects.toBeInstanceOf(MediaError);
  });

  it('removes the folders it made when the record cannot be written', async () => {
    const { service, folders } = setUp({ recordFails: true });
    await expect(
      service.addMediaFolders(admin, { companyId: 7, mediaFolderName: 'Acme-7', tagsList: ['a'] }),
    ).rejects.toThrow('database gone');
    expect(folders.has('Acme-7')).toBe(false);
  });

  it('adds and removes a tag folder; refuses removing a tag with an open schedule', async () => {
    const { service, folders } = setUp();
    await service.addMediaFolders(admin, { companyId: 7, mediaFolderName: 'Acme-7', tagsList: [] });
    expect((await service.addTagFolder(admin, { companyId: 7, newTag: 'promo' })).tagsList).toEqual(
      ['promo'],
    );
    await expect(
      service.addTagFolder(admin, { companyId: 7, newTag: 'promo' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(
      (await service.removeTagFolder(admin, { companyId: 7, removeTag: 'promo' })).tagsList,
    ).toEqual([]);
    expect(folders.has('Acme-7/promo')).toBe(false);
    await expect(
      service.removeTagFolder(admin, { companyId: 7, removeTag: 'promo' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('refuses removing a tag that an open schedule shows', async () => {
    const { service } = setUp({ openSchedules: [{ destination: 'promo' }] });
    await service.addMediaFolders(admin, {
      companyId: 7,
      mediaFolderName: 'Acme-7',
      tagsList: ['promo'],
    });
    await expect(
      service.removeTagFolder(admin, { companyId: 7, removeTag: 'promo' }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('removes a tag folder it made when the tag cannot be recorded', async () => {
    const { service, folders, stored } = setUp();
    await service.addMediaFolders(admin, { companyId: 7, mediaFolderName: 'Acme-7', tagsList: [] });
    const failing = setUp({ recordFails: true });
    failing.stored.set(7, stored.get(7)!);
    for (const f of folders) failing.folders.add(f);
    await expect(
      failing.service.addTagFolder(admin, { companyId: 7, newTag: 'promo' }),
    ).rejects.toThrow('database gone');
    expect(failing.folders.has('Acme-7/promo')).toBe(false);
  });
});
