import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { companyIdOfFolder } from '../folders/media-paths';
import { MEDIA_METRICS as M } from './media-metrics';

/** A scrape waits this long for a count; a longer one finishes for the next scrape. */
const SCRAPE_WAIT_MS = 3_000;

const listDir = (dir: string): Promise<Dirent[]> =>
  fs.readdir(dir, { withFileTypes: true }).catch(() => []);

/** Files and bytes below dir; the server's own dot folders (.thumbs, .digests) are left out. */
async function usageOf(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await listDir(dir)) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await usageOf(full);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      const size = await fs.stat(full).then(
        (s) => s.size,
        () => 0,
      );
      files++;
      bytes += size;
    }
  }
  return { files, bytes };
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
    for (const entry of await listDir(this.mediaRoot)) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      let company: number;
      try {
        company = companyIdOfFolder(entry.name);
      } catch {
        continue; // not a company folder
      }
      const usage = await usageOf(path.join(this.mediaRoot, entry.name));
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

export const mediaUsage = (config: {
  mediaRoot: string;
  minFreeBytes: number;
  metricsReadIntervalMs: number;
}) => new MediaUsage(config.mediaRoot, config.minFreeBytes, config.metricsReadIntervalMs);
