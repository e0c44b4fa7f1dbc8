import { Injectable } from '@nestjs/common';
import { mediaFileUrl, SCHEDULE_STATUS, type StoreMedia } from '@store-cloud/contracts';
import { IntegrationCompaniesRepository } from '../companies';
import { MediaError } from './media.errors';
import { MediaIdsRepository } from './media-ids.repository';
import { MediaServerClient } from './media-server.client';
import { SchedulesRepository } from './schedules.repository';

/** What a store shows (asked by the store itself): the files in the tag folders assigned to it. */
@Injectable()
export class StoreMediaService {
  constructor(
    private readonly companies: IntegrationCompaniesRepository,
    private readonly mediaServer: MediaServerClient,
    private readonly mediaIds: MediaIdsRepository,
    private readonly schedules: SchedulesRepository,
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
    return { companyId, storeId, tags, files: await this.withPlayIds(companyId, folder, files) };
  }

  /** Proof of play (issue 32): each file's media id, and the active schedule that put it there. */
  private async withPlayIds(
    companyId: number,
    folder: string | undefined,
    files: StoreMedia['files'],
  ): Promise<StoreMedia['files']> {
    if (!folder || files.length === 0) return files;
    const [ids, active] = await Promise.all([
      this.mediaIds.idsOf(
        companyId,
        files.map((f) => f.filename),
      ),
      this.schedules.list(folder, [SCHEDULE_STATUS.active]),
    ]);
    return files.map((f) => {
      const schedule = active.find((s) => s.destination === f.tag && s.files.includes(f.filename));
      return {
        ...f,
        mediaId: ids.get(f.filename),
        ...(schedule ? { scheduleId: schedule._id } : {}),
      };
    });
  }
}
