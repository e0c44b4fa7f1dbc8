import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TEMP, tempDir } from '../folders/media-paths';
import { LocalDiskStorage } from './local-disk.storage';
import type { MediaStorage } from './media-storage';

export interface CopySummary {
  folders: number;
  files: number;
  /** Copied by this run and verified. */
  copied: number;
  /** There already with the same size and sha256 (an earlier run): left as it is. */
  present: number;
  /** Not copied or not verified: named in the log; the run should be done again. */
  failed: number;
  bytes: number;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

/** Every folder below the root as a key, parents first; .tmp (uploads in flight) left out. */
async function foldersBelow(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .map((relative) => relative.split(path.sep).join('/'))
    .filter((key) => key !== TEMP && !key.startsWith(`${TEMP}/`))
    .sort();
}

/**
 * Copies every company folder and file below a media root on disk to another storage (the S3
 * bucket), and verifies each copy by its size and sha256 read back from the target. Idempotent:
 * a file already there with the same size and sha256 is left alone, so an interrupted run is
 * simply run again. Nothing on the disk is changed. Progress goes to log, a line per folder.
 */
export async function copyMedia(
  mediaRoot: string,
  target: MediaStorage,
  log: (line: string) => void,
): Promise<CopySummary> {
  const source = new LocalDiskStorage(mediaRoot);
  const scratch = tempDir(mediaRoot);
  await fs.mkdir(scratch, { recursive: true });
  const summary: CopySummary = { folders: 0, files: 0, copied: 0, present: 0, failed: 0, bytes: 0 };
  for (const folder of await foldersBelow(mediaRoot)) {
    const own = path.posix.basename(folder).startsWith('.'); // .thumbs, .digests: no marker
    if (!own) {
      await target.makeFolder(folder);
      summary.folders += 1;
    }
    const listing = await source.listFolder(folder);
    let copied = 0;
    let present = 0;
    for (const file of listing?.files ?? []) {
      const key = `${folder}/${file.name}`;
      summary.files += 1;
      try {
        const stat = await source.stat(key);
        if (!stat) continue; // removed meanwhile
        const sum = await sha256Of(await source.readStream(key));
        const there = await target.stat(key);
        if (there?.size === stat.size && (await sha256Of(await target.readStream(key))) === sum) {
          present += 1;
        } else {
          // putFile takes the file it stores: hand it a copy, made next to the uploads' staging.
          const copy = path.join(scratch, `copy-${randomUUID()}`);
          await fs.copyFile(path.join(mediaRoot, ...key.split('/')), copy);
          await target.putFile(copy, key).finally(() => fs.rm(copy, { force: true }));
          const stored = await target.stat(key);
          const storedSum = stored && (await sha256Of(await target.readStream(key)));
          if (stored?.size !== stat.size || storedSum !== sum)
            throw new Error(`the copy reads back as ${stored?.size ?? 'no'} bytes, another sha256`);
          copied += 1;
        }
        summary.bytes += stat.size;
      } catch (error) {
        summary.failed += 1;
        log(`FAILED ${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    summary.copied += copied;
    summary.present += present;
    if (listing?.files.length)
      log(`${folder}: ${listing.files.length} files (${copied} copied, ${present} already there)`);
  }
  return summary;
}
