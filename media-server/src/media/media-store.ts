import {
  ERROR_CODE,
  MEDIA_SERVER_TEXT,
  type MediaFile,
  type MediaFileFailure,
  type MediaResult,
} from '@store-cloud/contracts';
import { ConflictError, NotFoundError } from '@store-cloud/node-kit';
import {
  areaKey,
  areaLabel,
  checkName,
  companyKey,
  companyLayoutKeys,
  digestKey,
  type MediaArea,
  mediaFileKey,
  tagsKey,
  THUMBNAILS,
  thumbnailKey,
} from '../folders/media-paths';
import type { MediaStorage } from '../storage/media-storage';

const isMediaName = (name: string) => !name.startsWith('.');

/**
 * The company folders and the files in them, on whichever storage is configured. Keys come
 * only from folders/media-paths.
 */
export class MediaStore {
  constructor(readonly storage: MediaStorage) {}

  companyExists(folder: string): Promise<boolean> {
    return this.storage.folderExists(companyKey(folder));
  }

  async requireArea(folder: string, area: MediaArea): Promise<void> {
    if (!(await this.storage.folderExists(areaKey(folder, area))))
      throw new NotFoundError(MEDIA_SERVER_TEXT.folderMissing(areaLabel(folder, area)));
  }

  /** undefined when the folder does not exist (the spec's success false). */
  async list(folder: string, area: MediaArea): Promise<MediaFile[] | undefined> {
    const dir = areaKey(folder, area);
    const listing = await this.storage.listFolder(dir);
    if (!listing) return undefined;
    const previews = listing.folders.includes(THUMBNAILS)
      ? await this.storage.listFolder(`${dir}/${THUMBNAILS}`)
      : undefined;
    const thumbnails = new Set(previews?.files.map((file) => file.name));
    const listed = await Promise.all(
      listing.files
        .filter((file) => isMediaName(file.name))
        .map(async (file): Promise<MediaFile | undefined> => {
          const stat = await file.stat();
          if (!stat) return undefined; // removed while listing
          return {
            filename: file.name,
            filesize: stat.size,
            timestamp: stat.mtime.toISOString(),
            directory: areaLabel(folder, area),
            ...(area.kind === 'tag' ? { tagName: area.tag } : {}),
            thumbnail: thumbnails.has(`${file.name}.jpg`),
          };
        }),
    );
    return listed
      .filter((file): file is MediaFile => file !== undefined)
      .sort((a, b) => a.filename.localeCompare(b.filename));
  }

  /** The media files of a company: pending, every tag folder, expired (spec media §5 limit). */
  async countFiles(folder: string): Promise<number> {
    const files = async (area: MediaArea) =>
      (await this.storage.listFolder(areaKey(folder, area)))?.files.filter((file) =>
        isMediaName(file.name),
      ).length ?? 0;
    const tags = (await this.storage.listFolder(tagsKey(folder)))?.folders ?? [];
    const counts = await Promise.all([
      files({ kind: 'pending' }),
      files({ kind: 'expired' }),
      ...tags.filter(isMediaName).map((tag) => files({ kind: 'tag', tag })),
    ]);
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * pending/, tags/ and expired/ of a company; existing ones are kept. True when the company
   * folder itself was made by this call (so the caller may undo it).
   */
  async createCompany(folder: string): Promise<boolean> {
    const created = await this.storage.makeFolder(companyKey(folder));
    for (const dir of companyLayoutKeys(folder)) await this.storage.makeFolder(dir);
    return created;
  }

  /** Removes a company folder that holds no media file. False when it was not there. */
  async removeEmptyCompany(folder: string): Promise<boolean> {
    if (!(await this.companyExists(folder))) return false;
    if ((await this.countFiles(folder)) > 0)
      throw new ConflictError(MEDIA_SERVER_TEXT.folderNotEmpty(folder));
    await this.storage.removeFolder(companyKey(folder));
    return true;
  }

  /**
   * A folder inside an existing company: pending, expired or tags/{tag}. True when this call made
   * it, false when it was there already.
   */
  async createArea(folder: string, area: MediaArea): Promise<boolean> {
    if (!(await this.companyExists(folder)))
      throw new NotFoundError(MEDIA_SERVER_TEXT.folderMissing(folder));
    if (area.kind === 'tag') await this.storage.makeFolder(tagsKey(folder));
    return this.storage.makeFolder(areaKey(folder, area));
  }

  /** Removes tags/{tag} with whatever is in it. False when it was not there. */
  removeTag(folder: string, tag: string): Promise<boolean> {
    return this.storage.removeFolder(areaKey(folder, { kind: 'tag', tag }));
  }

  /** Deletes each file (and its preview); the ones that cannot be deleted are reported. */
  async deleteFiles(folder: string, area: MediaArea, files: string[]): Promise<MediaResult> {
    for (const file of files) checkName('file', file);
    await this.requireArea(folder, area);
    return eachFile(files, async (file) => {
      const target = await this.existingFile(folder, area, file);
      await this.storage.remove(target);
      await this.storage.remove(thumbnailKey(folder, area, file));
      await this.storage.remove(digestKey(folder, area, file));
    });
  }

  /**
   * Moves each file (and its preview) from one folder of the company to another (on disk by
   * rename, so a file is never half in both; on S3 by copy then delete, so never in neither). A
   * live file of the same name in a destination tag folder is replaced only with replace;
   * otherwise that file fails with FILE_EXISTS and both stay, unless it holds the same bytes as
   * the source: then it is an interrupted move (S3) and this one finishes it. (Into pending or
   * expired a file of the same name is replaced, as the schedules expect.)
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
      const source = await this.existingFile(folder, from, file);
      const target = mediaFileKey(folder, to, file);
      if (
        to.kind === 'tag' &&
        !replace &&
        (await this.storage.stat(target)) &&
        !(await this.storage.sameContent(source, target))
      )
        throw new FileFailure(
          ERROR_CODE.fileExists,
          MEDIA_SERVER_TEXT.fileExists(file, areaLabel(folder, to)),
        );
      const sourceThumb = thumbnailKey(folder, from, file);
      const targetThumb = thumbnailKey(folder, to, file);
      await this.storage.remove(targetThumb);
      if (await this.storage.stat(sourceThumb)) await this.storage.move(sourceThumb, targetThumb);
      await this.storage.move(source, target);
    });
  }

  /** The file's key, once a plain file is there (no folder, no link); throws FileFailure otherwise. */
  private async existingFile(folder: string, area: MediaArea, file: string): Promise<string> {
    const target = mediaFileKey(folder, area, file);
    const stat = await this.storage.stat(target).catch(() => undefined);
    if (!stat)
      throw new FileFailure(
        ERROR_CODE.notFound,
        MEDIA_SERVER_TEXT.fileMissing(file, areaLabel(folder, area)),
      );
    return target;
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
