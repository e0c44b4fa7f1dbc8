import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';

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
