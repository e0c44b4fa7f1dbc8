import { Injectable } from '@nestjs/common';
import {
  mediaFileUrl,
  PREVIEW_TIMELINE_DAYS,
  type PreviewSchedule,
  previewTagFiles,
  SCHEDULE_STATUS,
  scheduleTimeline,
  type StoreMediaAt,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { IntegrationCompaniesRepository } from '../companies';
import { Clock } from '../../common/clock/clock';
import { MediaError } from './media.errors';
import { MediaServerClient } from './media-server.client';
import { SchedulesRepository } from './schedules.repository';
import { daypartWindows } from './daypart-windows';

const DAY_MS = 24 * 3600_000;

/**
 * Schedule preview (issue 17 point 3): the files a store shows at a time, worked out from what
 * its tag folders hold now and the schedules still to act (READY and ACTIVE), for media users of
 * the store's company.
 */
@Injectable()
export class MediaPreviewService {
  constructor(
    private readonly companies: IntegrationCompaniesRepository,
    private readonly schedules: SchedulesRepository,
    private readonly mediaServer: MediaServerClient,
    private readonly clock: Clock,
  ) {}

  async storeMediaAt(
    user: AuthenticatedUser,
    companyId: number,
    storeId: number,
    atIso: string,
  ): Promise<StoreMediaAt> {
    const company = await this.companies.findOne(companyId);
    const store = company?.stores.find((s) => s.storeId === storeId);
    if (!company || !store) throw MediaError.notFound(`Store ${companyId}-${storeId} is unknown`);
    const at = new Date(atIso);
    const tags = (store.tags ?? []).filter((t) => (company.tagsList ?? []).includes(t));
    const folder = company.mediaFolderName;
    if (!folder) return { companyId, storeId, at: at.toISOString(), tags, files: [], timeline: [] };

    const nowMs = this.clock.now().getTime();
    // A repeating schedule comes with its windows of the whole preview (`at` and the timeline).
    const from = Math.min(nowMs, at.getTime()) - DAY_MS;
    const to = Math.max(nowMs + PREVIEW_TIMELINE_DAYS * DAY_MS, at.getTime()) + DAY_MS;
    const open: PreviewSchedule[] = (
      await this.schedules.list(folder, [SCHEDULE_STATUS.ready, SCHEDULE_STATUS.active])
    ).map((s) =>
      s.repeat ? { ...s, windows: daypartWindows({ ...s, repeat: s.repeat }, from, to) } : s,
    );
    const files: StoreMediaAt['files'] = [];
    for (const tag of tags) {
      const now = await this.mediaServer.tagFiles(folder, tag);
      for (const f of previewTagFiles(tag, now, open, at.getTime()))
        files.push({
          tag,
          filename: f.filename,
          // A pending schedule's files still wait in the company's pending folder.
          url: mediaFileUrl(folder, f.pending ? 'pending' : `tags/${tag}`, f.filename),
          scheduleId: f.scheduleId,
          until: f.until,
        });
    }
    const timeline = scheduleTimeline(tags, open, nowMs, at.getTime());
    return { companyId, storeId, at: at.toISOString(), tags, files, timeline };
  }
}
