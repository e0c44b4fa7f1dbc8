import { Injectable, Logger } from '@nestjs/common';
import { IntegrationCompaniesRepository } from '../companies';
import { MediaServerClient } from '../media';

export interface MediaFileCount {
  companyId: number;
  files: number;
  limit: number;
}

/**
 * The media file counts of the companies whose rules watch media-near-limit, asked of the media
 * server once per records pass (its listings of pending, each tag and expired: a few directory
 * reads per company). A company the media server could not count is in `unknown`, so its open
 * incident stays as it is rather than resolving for lack of an answer.
 */
@Injectable()
export class MediaFileCounts {
  private readonly logger = new Logger(MediaFileCounts.name);

  constructor(
    private readonly companies: IntegrationCompaniesRepository,
    private readonly media: MediaServerClient,
  ) {}

  async of(companyIds: number[]): Promise<{ counts: MediaFileCount[]; unknown: number[] }> {
    if (!companyIds.length) return { counts: [], unknown: [] };
    const wanted = new Set(companyIds);
    const companies = (await this.companies.list()).filter(
      (c) => wanted.has(c.companyId) && c.mediaFolderName && c.mediaFileLimit > 0,
    );
    const counts: MediaFileCount[] = [];
    const unknown: number[] = [];
    // One company at a time: the media server is asked little at once.
    for (const c of companies) {
      try {
        const files = await this.media.countFiles(c.mediaFolderName!, c.tagsList ?? []);
        counts.push({ companyId: c.companyId, files, limit: c.mediaFileLimit });
      } catch (error) {
        this.logger.warn(`Media files of company ${c.companyId} not counted: ${String(error)}`);
        unknown.push(c.companyId);
      }
    }
    return { counts, unknown };
  }
}
