import { mediaFileUrl } from '@store-cloud/contracts';
import type { IntegrationCompaniesRepository, StoredIntegrationCompany } from '../companies';
import type { MediaIdsRepository } from './media-ids.repository';
import type { MediaServerClient } from './media-server.client';
import type { SchedulesRepository } from './schedules.repository';
import { StoreMediaService } from './store-media.service';

const company: StoredIntegrationCompany = {
  companyId: 7,
  companyName: 'Acme',
  mediaFolderName: 'Acme-7',
  tagsList: ['promo', 'menu'],
  stores: [{ storeId: 1, storeName: 'One', isActive: true, tags: ['promo', 'dropped'] }],
  mediaFileLimit: 20,
  tagLimit: 5,
};

function service(stored: StoredIntegrationCompany) {
  const companies = {
    findOne: async (id: number) => (id === stored.companyId ? stored : undefined),
  } as unknown as IntegrationCompaniesRepository;
  const mediaServer = {
    tagFiles: async (_folder: string, tag: string) => [{ filename: `${tag}.png` }],
  } as unknown as MediaServerClient;
  const mediaIds = {
    idsOf: async (_c: number, names: string[]) => new Map(names.map((n) => [n, `id-${n}`])),
  } as unknown as MediaIdsRepository;
  const schedules = {
    list: async () => [{ _id: 's1', destination: 'promo', files: ['promo.png'] }],
  } as unknown as SchedulesRepository;
  return new StoreMediaService(companies, mediaServer, mediaIds, schedules);
}

describe('StoreMediaService', () => {
  it("lists the files of the store's tags that its company still has", async () => {
    expect(await service(company).storeMedia(7, 1)).toEqual({
      companyId: 7,
      storeId: 1,
      tags: ['promo'],
      files: [
        {
          tag: 'promo',
          filename: 'promo.png',
          url: mediaFileUrl('Acme-7', 'tags/promo', 'promo.png'),
          mediaId: 'id-promo.png',
          scheduleId: 's1',
        },
      ],
    });
  });

  it('lists no files while the company has no media folder', async () => {
    const { mediaFolderName: _none, ...unconfigured } = company;
    expect((await service(unconfigured).storeMedia(7, 1)).files).toEqual([]);
  });

  it('answers 404 for an unknown company or store', async () => {
    await expect(service(company).storeMedia(8, 1)).rejects.toMatchObject({ status: 404 });
    await expect(service(company).storeMedia(7, 2)).rejects.toMatchObject({ status: 404 });
  });
});
