import fs from 'node:fs/promises';
import { companyIdOfFolder } from '../folders/media-paths';
import type { MediaStorage } from '../storage/media-storage';
import { MEDIA_METRICS as M } from './media-metrics';

/** A scrape waits this long for a count; a longer one finishes for the next scrape. */
const SCRAPE_WAIT_MS = 3_000;

/** Files and bytes below a company folder; the server's own dot folders (.thumbs, .digests) are left out. */
async function usageOf(storage: MediaStorage, folder: string) {
  const files = (await storage.listTree(folder).catch(() => [])).filter(
    (file) => !file.key.split('/').some((segment) => segment.startsWith('.')),
  );
  return { files: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
}

/**
 * The media disk in the gauges: free space at every scrape (one statfs), the files and bytes per
 * company from a walk of the media root at most every METRICS_READ_INTERVAL_MS (one at a
 * time).
 */
export class MediaUsage {
  private readAt = 0;
  private reading?: Promise<void>;

  constructor(
    private readonly mediaRoot: string,
    private readonly storage: MediaStorage,
    minFreeBytes: number,
    private readonly readIntervalMs: number,
    private readonly now: () => number = Date.now,
  ) {
    M.diskMinFree.set(minFreeBytes);
  }

  async refresh(): Promise<void> {
    await this.readDisk();
    if (!this.readAt || this.now() - this.readAt >= this.readIntervalMs) {
      this.reading ??= this.readUsage().finally(() => (this.reading = undefined));
    }
    if (!this.reading) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.reading,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, SCRAPE_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  private async readDisk() {
    const stats = await fs.statfs(this.mediaRoot).catch(() => undefined);
    if (!stats) return;
    M.diskFree.set(stats.bavail * stats.bsize);
    M.diskSize.set(stats.blocks * stats.bsize);
  }

  private async readUsage() {
    const byCompany = new Map<number, { files: number; bytes: number }>();
    const root = await this.storage.listFolder('').catch(() => undefined);
    for (const name of root?.folders ?? []) {
      if (name.startsWith('.')) continue;
      let company: number;
      try {
        company = companyIdOfFolder(name);
      } catch {
        continue; // not a company folder
      }
      const usage = await usageOf(this.storage, name);
      const sum = byCompany.get(company) ?? { files: 0, bytes: 0 };
      byCompany.set(company, { files: sum.files + usage.files, bytes: sum.bytes + usage.bytes });
    }
    M.files.reset();
    M.bytes.reset();
    for (const [company, usage] of byCompany) {
      M.files.set({ company: String(company) }, usage.files);
      M.bytes.set({ company: String(company) }, usage.bytes);
    }
    this.readAt = this.now();
    M.usageRead.set(this.readAt / 1000);
  }
}

export const mediaUsage = (
  config: { mediaRoot: string; minFreeBytes: number; metricsReadIntervalMs: number },
  storage: MediaStorage,
) => new MediaUsage(config.mediaRoot, storage, config.minFreeBytes, config.metricsReadIntervalMs);
