import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { keyPath } from '../folders/media-paths';
import type { FileStat, FolderListing, MediaStorage } from './media-storage';
import { isMediaRootWritable } from './media-root.storage';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** Undefined instead of a missing-file error. */
const unlessMissing = (error: unknown) => {
  if (isMissing(error)) return undefined;
  throw error;
};

/**
 * A rename that makes the target's folder only when it is missing and one of the server's own
 * (.thumbs, .digests): one call mostly. A missing company or media folder stays an error.
 */
async function renameIntoFolder(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (!path.basename(path.dirname(to)).startsWith('.')) throw error;
    await fs.mkdir(path.dirname(to), { recursive: true });
    await fs.rename(from, to);
  }
}

/**
 * The company folders as directories below the media root (the default). Every change is a
 * rename on one disk, so a file is whole or absent and never in two places.
 */
export class LocalDiskStorage implements MediaStorage {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  /** '' is the media root itself (the usage walk starts there). */
  private pathOf(key: string): string {
    return key === '' ? path.resolve(this.root) : keyPath(this.root, key);
  }

  async folderExists(key: string): Promise<boolean> {
    const stat = await fs.stat(this.pathOf(key)).catch(unlessMissing);
    return stat?.isDirectory() ?? false;
  }

  async makeFolder(key: string): Promise<boolean> {
    return (await fs.mkdir(this.pathOf(key), { recursive: true })) !== undefined;
  }

  async listFolder(key: string): Promise<FolderListing | undefined> {
    const dir = this.pathOf(key);
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(unlessMissing);
    if (!entries) return undefined;
    return {
      files: entries
        .filter((entry) => entry.isFile())
        .map((entry) => ({
          name: entry.name,
          stat: async (): Promise<FileStat | undefined> => {
            const stat = await fs.stat(path.join(dir, entry.name)).catch(() => undefined);
            return stat && { size: stat.size, mtime: stat.mtime };
          },
        })),
      folders: entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
    };
  }

  async listTree(key: string): Promise<{ key: string; size: number }[]> {
    const dir = this.pathOf(key);
    const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const full = path.join(entry.parentPath, entry.name);
          const stat = await fs.stat(full).catch(() => undefined);
          return (
            stat && { key: path.relative(dir, full).split(path.sep).join('/'), size: stat.size }
          );
        }),
    );
    return files.filter((file) => file !== undefined);
  }

  async removeFolder(key: string): Promise<boolean> {
    if (!(await this.folderExists(key))) return false;
    await fs.rm(this.pathOf(key), { recursive: true, force: true });
    return true;
  }

  async stat(key: string): Promise<FileStat | undefined> {
    const stat = await fs.lstat(this.pathOf(key)).catch(unlessMissing);
    return stat?.isFile() ? { size: stat.size, mtime: stat.mtime } : undefined;
  }

  async readStream(key: string): Promise<Readable> {
    const handle = await fs.open(this.pathOf(key), 'r');
    return createReadStream('', { fd: handle });
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  move(from: string, to: string): Promise<void> {
    return renameIntoFolder(this.pathOf(from), this.pathOf(to));
  }

  /** A rename never leaves a file in two places. */
  async sameContent(): Promise<boolean> {
    return false;
  }

  putFile(localFile: string, key: string): Promise<void> {
    return renameIntoFolder(localFile, this.pathOf(key));
  }

  send(_req: Request, res: Response, key: string): Promise<boolean> {
    return new Promise((resolve, reject) =>
      res.sendFile(this.pathOf(key), { dotfiles: 'allow', cacheControl: false }, (error) => {
        if (!error) return resolve(true);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || res.statusCode === 404)
          return resolve(false);
        reject(error);
      }),
    );
  }

  isWritable(): Promise<boolean> {
    return isMediaRootWritable(this.root);
  }
}
