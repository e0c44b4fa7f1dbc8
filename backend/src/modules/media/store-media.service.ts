import { Injectable } from '@nestjs/common';
import { mediaFileUrl, type StoreMedia } from '@store-cloud/contracts';
import { IntegrationCompaniesRepository } from '../companies';
import { MediaError } from './media.errors';
import { MediaServerClient } from './media-server.client';

/** What a store shows (asked by the store itself): the files in the tag folders assigned to it. */
@Injectable()
export class StoreMediaService {
  constructor(
    private readonly companies: IntegrationCompaniesRepository,
    private readonly mediaServer: MediaServerClient,
  ) {}

  async storeMedia(companyId: number, storeId: number): Promise<StoreMedia> {
    const company = await this.companies.findOne(companyId);
    const store = company?.stores.find((s) => s.storeId === storeId);
    if (!company || !store) throw MediaError.notFound(`Store ${companyId}-${storeId} is unknown`);
    const tags = (store.tags ?? []).filter((t) => (company.tagsList ?? []).includes(t));
    const folder = company.mediaFolderName;
    const files: StoreMedia['files'] = [];
    if (folder)
      for (const tag of tags)
        for (const f of await this.mediaServer.tagFiles(folder, tag))
          files.push({
            tag,
            filename: f.filename,
            url: mediaFileUrl(folder, `tags/${tag}`, f.filename),
          });
    return { companyId, storeId, tags, files };
  }
}
