import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODE, MEDIA_SERVER_TEXT } from '@store-cloud/contracts';
import { HttpError } from '@store-cloud/node-kit';
import type { ErrorRequestHandler } from 'express';
import { tempDir } from '../folders/media-paths';

/** The disk (or this user's quota on it) is full. */
export const isDiskFull = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

/**
 * Before the error handler: a full disk is 507 INSUFFICIENT_STORAGE with a message that says so
 * (whatever step met it: upload, folder creation, move), never a 500. The step itself removed
 * what it had begun.
 */
export const diskFullHandler: ErrorRequestHandler = (error, _req, _res, next) => {
  next(
    isDiskFull(error)
      ? new HttpError(507, ERROR_CODE.insufficientStorage, MEDIA_SERVER_TEXT.diskFull)
      : error,
  );
};

/** What an unprivileged process may still write on the media root's file system. */
export async function freeBytes(mediaRoot: string): Promise<number> {
  const stats = await fs.statfs(mediaRoot);
  return stats.bavail * stats.bsize;
}

/** Creates the media root (and DATA_DIR above it) when missing. */
export async function ensureMediaRoot(mediaRoot: string): Promise<void> {
  await fs.mkdir(mediaRoot, { recursive: true });
}

/** True when the media root exists and this process may write into it. */
export async function isMediaRootWritable(mediaRoot: string): Promise<boolean> {
  try {
    await fs.access(mediaRoot, fsConstants.W_OK);
    return (await fs.stat(mediaRoot)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Removes what uploads left in the root's .tmp when a process died mid-upload. Only files older
 * than minAgeMs, so a second server on the same root keeps its uploads in flight. Returns the
 * number removed.
 */
export async function sweepTemp(mediaRoot: string, minAgeMs = 60 * 60_000): Promise<number> {
  const dir = tempDir(mediaRoot);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat?.isFile() && Date.now() - stat.mtimeMs >= minAgeMs) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** How often a running server sweeps .tmp, and how old a file there must be to go. */
export const TEMP_SWEEP_MS = 60 * 60_000;

/**
 * Sweeps .tmp now and then every intervalMs (the timer does not keep the process alive); each
 * sweep's count goes to onSwept, its failure to onError. Returns the function that stops it.
 */
export function sweepTempRegularly(
  mediaRoot: string,
  onSwept: (removed: number) => void,
  onError: (error: unknown) => void,
  intervalMs = TEMP_SWEEP_MS,
): () => void {
  const sweep = () => sweepTemp(mediaRoot, intervalMs).then(onSwept, onError);
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
}
