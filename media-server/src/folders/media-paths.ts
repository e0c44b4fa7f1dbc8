import path from 'node:path';
import {
  ERROR_CODE,
  MEDIA_FOLDER,
  MEDIA_SERVER_TEXT,
  nameIssue,
  visibleName,
} from '@store-cloud/contracts';
import { HttpError } from '@store-cloud/node-kit';

/**
 * Every path the media server touches is computed here, from the media root and names a client
 * sent. Pure: no file system access. A name is one path segment: no '..', no slash or backslash,
 * no NUL or other control character, nothing contracts' nameIssue refuses (bidirectional
 * overrides, zero-width characters, lone surrogates, look-alike slashes, CON.png and the like), not absolute, not starting with a dot (dot
 * names are the server's own: .tmp, .thumbs). Anything else throws MediaPathError, an HttpError answered 400.
 *
 * Layout under the root:
 *   {folder}/pending/{file}            uploaded, not yet live
 *   {folder}/tags/{tag}/{file}         live for the stores with that tag
 *   {folder}/expired/{file}            taken off
 *   {folder}/<any of those>/.thumbs/{file}.jpg   a preview per image, moved with it
 *   .tmp/                              uploads and resized output before their rename
 * A company folder is named {CompanyName}-{companyId} (spec §5); the trailing id decides access.
 */
export class MediaPathError extends HttpError {
  constructor(message: string) {
    super(400, ERROR_CODE.validation, message);
    this.name = 'MediaPathError';
  }
}

export type MediaArea = { kind: 'pending' } | { kind: 'expired' } | { kind: 'tag'; tag: string };

export type NameKind = 'folder' | 'tag' | 'file';

const MAX_NAME_BYTES = 255;

/** Returns name when it is one safe path segment; throws MediaPathError saying why not. */
export function checkName(kind: NameKind, name: string): string {
  const refuse = (why: string) => {
    throw new MediaPathError(`Invalid ${kind} name ${JSON.stringify(visibleName(name))}: ${why}`);
  };
  if (name.length === 0) refuse('it is empty');
  if (name.includes('\0')) refuse('it contains a NUL character');
  if (path.posix.isAbsolute(name) || path.win32.isAbsolute(name)) refuse('it is an absolute path');
  if (name.includes('..')) refuse("it contains '..'");
  if (/[/\\]/.test(name)) refuse('it contains a slash');
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(name)) refuse('it contains a control character');
  // The platform's one name rule (contracts): invisible and text-direction characters, lone
  // surrogates, look-alike slashes, Windows device names.
  const issue = nameIssue(name, { fileLike: true });
  if (issue) refuse(issue);
  if (name.startsWith('.')) refuse('it starts with a dot');
  if (name !== name.trim()) refuse('it starts or ends with a space');
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) refuse(`it is longer than ${MAX_NAME_BYTES} bytes`);
  return name;
}

/** The company id a company folder belongs to: the digits after its last dash. */
export function companyIdOfFolder(folder: string): number {
  checkName('folder', folder);
  const match = /-(\d{1,9})$/.exec(folder);
  if (!match) throw new MediaPathError(MEDIA_SERVER_TEXT.notACompanyFolder(folder));
  return Number(match[1]);
}

/** 'pending', 'expired', 'tags\{tag}' or 'tags/{tag}' (spec §7 uses the backslash form). */
export function parseArea(text: string): MediaArea {
  if (text === MEDIA_FOLDER.pending) return { kind: 'pending' };
  if (text === MEDIA_FOLDER.expired) return { kind: 'expired' };
  const match = /^tags[\\/](.*)$/.exec(text);
  if (match) return { kind: 'tag', tag: checkName('tag', match[1]) };
  throw new MediaPathError(
    `Invalid folder ${JSON.stringify(text)}: expected pending, expired or tags\\{tag}`,
  );
}

/** 'Acme-7' or 'Acme-7/pending', 'Acme-7/tags/promo', 'Acme-7\tags\promo' (deletefiles' form). */
export function parseDirectoryName(text: string): { folder: string; area?: MediaArea } {
  const cut = text.search(/[\\/]/);
  if (cut < 0) return { folder: checkName('folder', text) };
  const folder = checkName('folder', text.slice(0, cut));
  return { folder, area: parseArea(text.slice(cut + 1)) };
}

/** The area's path below a company folder, with forward slashes: pending, expired, tags/{tag}. */
export function areaSegments(area: MediaArea): string[] {
  return area.kind === 'tag' ? [MEDIA_FOLDER.tags, checkName('tag', area.tag)] : [area.kind];
}

export const areaLabel = (folder: string, area: MediaArea) =>
  [folder, ...areaSegments(area)].join('/');

/** Resolves segments below root and checks, once more, that the result stays inside it. */
function inside(root: string, ...segments: string[]): string {
  const resolvedRoot = path.resolve(root);
  const target = path.resolve(resolvedRoot, ...segments);
  if (!target.startsWith(resolvedRoot + path.sep))
    throw new MediaPathError('The path leaves the media root');
  return target;
}

export const companyDir = (root: string, folder: string) =>
  inside(root, checkName('folder', folder));

export const tagsDir = (root: string, folder: string) =>
  inside(root, checkName('folder', folder), MEDIA_FOLDER.tags);

export const areaDir = (root: string, folder: string, area: MediaArea) =>
  inside(root, checkName('folder', folder), ...areaSegments(area));

export const mediaFilePath = (root: string, folder: string, area: MediaArea, file: string) =>
  inside(root, checkName('folder', folder), ...areaSegments(area), checkName('file', file));

export const THUMBNAILS = '.thumbs';

/** The JPEG preview of an image, in a .thumbs folder beside it. */
export const thumbnailPath = (root: string, folder: string, area: MediaArea, file: string) =>
  inside(
    root,
    checkName('folder', folder),
    ...areaSegments(area),
    THUMBNAILS,
    `${checkName('file', file)}.jpg`,
  );

export const DIGESTS = '.digests';

/**
 * What an upload's bytes were (sha256 of the uploaded original and of the stored file), in a
 * .digests folder beside the file: a retry with the same bytes is recognised as the same file.
 */
export const digestPath = (root: string, folder: string, area: MediaArea, file: string) =>
  inside(
    root,
    checkName('folder', folder),
    ...areaSegments(area),
    DIGESTS,
    `${checkName('file', file)}.json`,
  );

/** Where uploads and resized output wait before the rename into pending: the same disk. */
export const TEMP = '.tmp';
export const tempDir = (root: string) => inside(root, TEMP);

/**
 * Storage keys: the same layout as the paths below the root, with forward slashes and without
 * the root (the local disk resolves them below the media root, S3 uses them as object keys).
 * Built from checked names only, like the paths.
 */
const key = (...segments: string[]) => segments.join('/');

/** The path of a storage key below root, checked once more to stay inside it. */
export const keyPath = (root: string, storageKey: string) => inside(root, ...storageKey.split('/'));

export const companyKey = (folder: string) => checkName('folder', folder);

export const tagsKey = (folder: string) => key(checkName('folder', folder), MEDIA_FOLDER.tags);

export const areaKey = (folder: string, area: MediaArea) =>
  key(checkName('folder', folder), ...areaSegments(area));

export const mediaFileKey = (folder: string, area: MediaArea, file: string) =>
  key(areaKey(folder, area), checkName('file', file));

export const thumbnailKey = (folder: string, area: MediaArea, file: string) =>
  key(areaKey(folder, area), THUMBNAILS, `${checkName('file', file)}.jpg`);

export const digestKey = (folder: string, area: MediaArea, file: string) =>
  key(areaKey(folder, area), DIGESTS, `${checkName('file', file)}.json`);

/** The folders inside a new company folder, as keys. */
export const companyLayoutKeys = (folder: string) => [
  areaKey(folder, { kind: 'pending' }),
  tagsKey(folder),
  areaKey(folder, { kind: 'expired' }),
];

/** The folders a new company folder starts with. */
export const companyLayout = (root: string, folder: string) => [
  areaDir(root, folder, { kind: 'pending' }),
  tagsDir(root, folder),
  areaDir(root, folder, { kind: 'expired' }),
];
