import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ERROR_CODE,
  MEDIA_SERVER_TEXT,
  type MediaFile,
  type MediaFileFailure,
  type MediaResult,
} from '@store-cloud/contracts';
import { ConflictError, NotFoundError } from '@store-cloud/node-kit';
import {
  areaDir,
  areaLabel,
  checkName,
  companyDir,
  companyLayout,
  digestPath,
  type MediaArea,
  mediaFilePath,
  tagsDir,
  THUMBNAILS,
  thumbnailPath,
} from '../folders/media-paths';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** The company folders on disk and the files in them. Paths come only from folders/media-paths. */
export class MediaStore {
  constructor(readonly root: string) {}

  companyExists(folder: string): Promise<boolean> {
    return isDirectory(companyDir(this.root, folder));
  }

  async requireArea(folder: string, area: MediaArea): Promise<void> {
    if (!(await isDirectory(areaDir(this.root, folder, area))))
      throw new NotFoundError(MEDIA_SERVER_TEXT.folderMissing(areaLabel(folder, area)));
  }

  /** undefined when the folder does not exist (the spec's success false). */
  async list(folder: string, area: MediaArea): Promise<MediaFile[] | undefined> {
    const dir = areaDir(this.root, folder, area);
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
      throw error;
    }
    const thumbnails = new Set(
      await fs.readdir(path.join(dir, THUMBNAILS)).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      }),
    );
    const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.'));
    const listed = await Promise.all(
      files.map(async (entry): Promise<MediaFile | undefined> => {
        const stat = await fs.stat(path.join(dir, entry.name)).catch(() => undefined);
        if (!stat) return undefined; // removed while listing
        return {
          filename: entry.name,
          filesize: stat.size,
          timestamp: stat.mtime.toISOString(),
          directory: areaLabel(folder, area),
          ...(area.kind === 'tag' ? { tagName: area.tag } : {}),
          thumbnail: thumbnails.has(`${entry.name}.jpg`),
        };
      }),
    );
    return listed
      .filter((file): file is MediaFile => file !== undefined)
      .sort((a, b) => a.filename.localeCompare(b.filename));
  }

  /** The media files of a company: pending, every tag folder, expired (spec media §5 limit). */
  async countFiles(folder: string): Promise<number> {
    const files = async (dir: string) => {
      try {
        const entries = await fs.readdir(dir, { withFileTypes: true });
        return entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).length;
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
    };
    const tags = await fs
      .readdir(tagsDir(this.root, folder), { withFileTypes: true })
      .catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
    const counts = await Promise.all([
      files(areaDir(this.root, folder, { kind: 'pending' })),
      files(areaDir(this.root, folder, { kind: 'expired' })),
      ...tags
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
        .map((entry) => files(areaDir(this.root, folder, { kind: 'tag', tag: entry.name }))),
    ]);
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * pending/, tags/ and expired/ of a company; existing ones are kept. True when the company
   * folder itself was made by this call (so the caller may undo it).
   */
  async createCompany(folder: string): Promise<boolean> {
    const created = await fs.mkdir(companyDir(this.root, folder), { recursive: true });
    for (const dir of companyLayout(this.root, folder)) await fs.mkdir(dir, { recursive: true });
    return created !== undefined;
  }

  /** Removes a company folder that holds no media file. False when it was not there. */
  async removeEmptyCompany(folder: string): Promise<boolean> {
    if (!(await this.companyExists(folder))) return false;
    if ((await this.countFiles(folder)) > 0)
      throw new ConflictError(MEDIA_SERVER_TEXT.folderNotEmpty(folder));
    await fs.rm(companyDir(this.root, folder), { recursive: true, force: true });
    return true;
  }

  /**
   * A folder inside an existing company: pending, expired or tags/{tag}. True when this call made
   * it, false when it was there already.
   */
  async createArea(folder: string, area: MediaArea): Promise<boolean> {
    if (!(await this.companyExists(folder)))
      throw new NotFoundError(MEDIA_SERVER_TEXT.folderMissing(folder));
    return (await fs.mkdir(areaDir(this.root, folder, area), { recursive: true })) !== undefined;
  }

  /** Removes tags/{tag} with whatever is in it. False when it was not there. */
  async removeTag(folder: string, tag: string): Promise<boolean> {
    const dir = areaDir(this.root, folder, { kind: 'tag', tag });
    if (!(await isDirectory(dir))) return false;
    await fs.rm(dir, { recursive: true, force: true });
    return true;
  }

  /** Deletes each file (and its preview); the ones that cannot be deleted are reported. */
  async deleteFiles(folder: string, area: MediaArea, files: string[]): Promise<MediaResult> {
    for (const file of files) checkName('file', file);
    await this.requireArea(folder, area);
    return eachFile(files, async (file) => {
      const target = await existingFile(mediaFilePath(this.root, folder, area, file), folder, area);
      await fs.unlink(target);
      await fs.rm(thumbnailPath(this.root, folder, area, file), { force: true });
      await fs.rm(digestPath(this.root, folder, area, file), { force: true });
    });
  }

  /**
   * Moves each file (and its preview) from one folder of the company to another by rename, so
   * a file is never half in both. A live file of the same name in a destination tag folder is
   * replaced only with replace; otherwise that file fails with FILE_EXISTS and both stay. (Into
   * pending or expired a file of the same name is replaced, as the schedules expect.)
   */
  async moveFiles(
    folder: string,
    from: MediaArea,
    to: MediaArea,
    files: string[],
    { replace = false }: { replace?: boolean } = {},
  ): Promise<MediaResult> {
    for (const file of files) checkName('file', file);
    await this.requireArea(folder, from);
    await this.requireArea(folder, to);
    return eachFile(files, async (file) => {
      const source = await existingFile(mediaFilePath(this.root, folder, from, file), folder, from);
      const target = mediaFilePath(this.root, folder, to, file);
      if (to.kind === 'tag' && !replace && (await fs.lstat(target).catch(() => undefined)))
        throw new FileFailure(
          ERROR_CODE.fileExists,
          MEDIA_SERVER_TEXT.fileExists(file, areaLabel(folder, to)),
        );
      const sourceThumb = thumbnailPath(this.root, folder, from, file);
      const targetThumb = thumbnailPath(this.root, folder, to, file);
      await fs.rm(targetThumb, { force: true });
      if (await fs.stat(sourceThumb).catch(() => undefined)) {
        await fs.mkdir(path.dirname(targetThumb), { recursive: true });
        await fs.rename(sourceThumb, targetThumb);
      }
      await fs.rename(source, target);
    });
  }
}

/** Why one file of a move or delete was not handled, as the answer's failures tell it. */
class FileFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FileFailure';
  }
}

/** The path, once lstat shows a plain file there (no folder, no link); throws FileFailure otherwise. */
async function existingFile(target: string, folder: string, area: MediaArea): Promise<string> {
  const stat = await fs.lstat(target).catch(() => undefined);
  if (!stat?.isFile())
    throw new FileFailure(
      ERROR_CODE.notFound,
      MEDIA_SERVER_TEXT.fileMissing(path.basename(target), areaLabel(folder, area)),
    );
  return target;
}

/**
 * Runs the action on each file in turn. success: the call was carried out; failedFiles (only
 * when any) names the files the action failed on and failures says why, file by file.
 */
async function eachFile(
  files: string[],
  action: (file: string) => Promise<void>,
): Promise<MediaResult> {
  const failures: MediaFileFailure[] = [];
  for (const file of files) {
    try {
      await action(file);
    } catch (error) {
      failures.push(
        error instanceof FileFailure
          ? { file, code: error.code, message: error.message }
          : { file, code: ERROR_CODE.internal, message: MEDIA_SERVER_TEXT.fileNotHandled(file) },
      );
    }
  }
  return failures.length
    ? { success: true, failedFiles: failures.map((f) => f.file), failures }
    : { success: true };
}
