import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ERROR_CODE,
  MEDIA_MAX_UPLOAD_BYTES,
  MEDIA_SERVER_TEXT,
  MEDIA_UPLOAD_FIELD,
  MEDIA_VALIDATION_TEXT,
  type MediaUploadResult,
} from '@store-cloud/contracts';
import { HttpError, ValidationFailedError } from '@store-cloud/node-kit';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import sharp from 'sharp';
import {
  areaLabel,
  checkName,
  digestKey,
  mediaFileKey,
  tempDir,
  thumbnailKey,
} from '../folders/media-paths';
import type { MediaStorage } from '../storage/media-storage';
import { fitPart } from './fit-part';
import {
  checkContent,
  kindOfName,
  MAGIC_BYTES,
  MediaContentError,
  type MediaKind,
  MediaTypeError,
} from './file-type';
import { checkMp4File, Mp4BoxError } from './mp4-boxes';
import type { UploadReservation } from './upload-slots';

/** Previews fit in this square. */
export const THUMBNAIL_SIZE = 240;

export interface FitOptions {
  maxWidth: number;
  maxHeight: number;
}

/** What the checks before the body settled: where the upload goes and on what terms. */
export interface UploadTarget {
  folder: string;
  fit: FitOptions;
  /** ?replace=true: a file of the same name in pending is replaced instead of refused. */
  replace: boolean;
  reservation: UploadReservation;
}

/** What the storage engine leaves in .tmp for storeUpload: the finished file and its preview. */
export interface StagedUpload {
  kind: MediaKind;
  staged: string;
  stagedThumbnail?: string;
  /** The file's Digest (JSON), renamed into .digests beside it. */
  stagedDigest: string;
  digest: Digest;
  width?: number;
  height?: number;
  size: number;
}

/**
 * What a stored file was made from: sha256 (hex) of the uploaded bytes and of the stored ones
 * (images are encoded again, so the two differ), and an image's size for the answer.
 */
export interface Digest {
  original: string;
  stored: string;
  width?: number;
  height?: number;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function sha256Of(storage: MediaStorage, key: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(await storage.readStream(key), hash);
  return hash.digest('hex');
}

async function readText(storage: MediaStorage, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.readStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const PENDING = { kind: 'pending' } as const;

const fileExists = (folder: string, fileName: string) =>
  new HttpError(
    409,
    ERROR_CODE.fileExists,
    MEDIA_SERVER_TEXT.fileExists(fileName, areaLabel(folder, PENDING)),
  );

/** An error of the server's own (disk), kept apart from the client's malformed bodies. */
class StorageFailure extends Error {
  constructor(readonly failure: unknown) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'StorageFailure';
  }
}

/**
 * Passes the bytes on and throws MediaContentError as soon as the first MAGIC_BYTES (or the whole
 * file, when shorter) are not what the name promises, so a wrong file is refused early.
 */
function headCheck(fileName: string): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  const check = () => {
    checked = true;
    checkContent(fileName, head.subarray(0, MAGIC_BYTES));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        if (!checked) {
          head = Buffer.concat([head, chunk.subarray(0, MAGIC_BYTES)]);
          if (head.length >= MAGIC_BYTES) check();
        }
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        if (!checked) check();
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/**
 * An image: decoded once as it was received (EXIF orientation applied, fitted within the limits,
 * never enlarged) and encoded again in the same pass; that decode is the content check (415 when
 * it fails). The preview is made from the fitted file, which JPEG decodes at a quarter of its
 * size: the original is never decoded twice, nothing is read back from disk, and no raw pixels
 * pass through JavaScript (every large buffer here is memory the garbage collector must account
 * for). Both results wait in .tmp for storeUpload's renames.
 */
async function stageImage(
  tmp: string,
  stream: NodeJS.ReadableStream,
  fileName: string,
  kind: 'jpeg' | 'png',
  fit: FitOptions,
): Promise<StagedUpload> {
  const { fitted, original } = await fitPart(stream, fileName, kind, fit);
  const { width, height, size } = fitted.info;
  const digest: Digest = { original, stored: sha256(fitted.data), width, height };
  const staged = path.join(tmp, `resized-${randomUUID()}`);
  const stagedThumbnail = path.join(tmp, `thumb-${randomUUID()}`);
  const stagedDigest = path.join(tmp, `digest-${randomUUID()}`);
  // Every write through node's fs (the preview too, not sharp's own toFile), so a full disk
  // fails with its errno; all settled before anything is removed, so no write outlives the
  // removal and leaves its file behind.
  const writes = await Promise.allSettled([
    fs.writeFile(staged, fitted.data, { flag: 'wx' }),
    sharp(fitted.data)
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside' })
      .jpeg({ quality: 70 })
      .toBuffer()
      .then((preview) => fs.writeFile(stagedThumbnail, preview, { flag: 'wx' })),
    fs.writeFile(stagedDigest, JSON.stringify(digest), { flag: 'wx' }),
  ]);
  const failed = writes.find((write) => write.status === 'rejected');
  if (failed) {
    await removeStaged({ staged, stagedThumbnail, stagedDigest });
    throw new StorageFailure(failed.reason);
  }
  return { kind, staged, stagedThumbnail, stagedDigest, digest, width, height, size };
}

/** An MP4: streamed to .tmp (never held in memory), then its boxes walked (mp4-boxes). */
async function stageMp4(
  tmp: string,
  stream: NodeJS.ReadableStream,
  fileName: string,
): Promise<StagedUpload> {
  const staged = path.join(tmp, `upload-${randomUUID()}`);
  const stagedDigest = path.join(tmp, `digest-${randomUUID()}`);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const out = createWriteStream(staged, { flags: 'wx' });
  // Through a pass-through, so a failed write does not destroy multer's file stream: multer
  // would answer at once, before the staged file below is removed.
  const source = new PassThrough();
  stream.pipe(source);
  try {
    await pipeline(source, headCheck(fileName), hashing, out);
    await checkMp4File(staged);
    // Stored as uploaded: both digests are the same.
    const sum = hash.digest('hex');
    const digest: Digest = { original: sum, stored: sum };
    await fs.writeFile(stagedDigest, JSON.stringify(digest), { flag: 'wx' });
    return { kind: 'mp4', staged, stagedDigest, digest, size: (await fs.stat(staged)).size };
  } catch (error) {
    stream.unpipe(source);
    stream.resume();
    // A destroyed write stream may still open (and so create) its file: remove it once closed.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await removeStaged({ staged, stagedDigest });
    if (error instanceof Mp4BoxError)
      throw new MediaContentError(MEDIA_SERVER_TEXT.notAnMp4(fileName, error.message));
    throw error;
  }
}

const removeStaged = (
  upload: Partial<Pick<StagedUpload, 'staged' | 'stagedThumbnail' | 'stagedDigest'>>,
) =>
  Promise.all(
    [upload.staged, upload.stagedThumbnail, upload.stagedDigest].map(
      (file) => file && fs.rm(file, { force: true }),
    ),
  );

/**
 * A multer storage engine that checks and processes the part as it arrives: images into memory
 * and through sharp, MP4 files onto disk in .tmp. Whatever it stages it removes again when multer
 * gives up on the request (size limit, client abort). The staging is on the local disk for every
 * media storage; storeUpload hands the finished files over.
 */
class UploadEngine implements multer.StorageEngine {
  /** .tmp, made once; forgotten when a staging fails, so a removed .tmp is made again. */
  private tmpMade?: Promise<unknown>;

  constructor(
    private readonly root: string,
    private readonly targetOf: (req: Request) => UploadTarget,
  ) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    done: (error?: unknown, info?: Partial<Express.Multer.File> & StagedUpload) => void,
  ): void {
    this.stage(req, file).then(
      (info) => done(null, info),
      (error: unknown) => {
        this.tmpMade = undefined;
        done(error);
      },
    );
  }

  /**
   * Made at the first upload (not when the app is built), so a missing root shows in /health
   * instead; not again for each upload, since every file system call waits for a free thread of
   * the pool that sharp's decodes and encodes also hold.
   */
  private makeTmp(tmp: string): Promise<unknown> {
    this.tmpMade ??= fs.mkdir(tmp, { recursive: true });
    return this.tmpMade.catch((error: unknown) => {
      throw new StorageFailure(error);
    });
  }

  private async stage(req: Request, file: Express.Multer.File): Promise<StagedUpload> {
    const fileName = file.originalname;
    const kind = kindOfName(fileName);
    const tmp = tempDir(this.root);
    await this.makeTmp(tmp);
    if (kind === 'mp4') return stageMp4(tmp, file.stream, fileName);
    return stageImage(tmp, file.stream, fileName, kind, this.targetOf(req).fit);
  }

  _removeFile(_req: Request, file: Express.Multer.File, done: (error: Error | null) => void) {
    removeStaged(file as unknown as StagedUpload).then(
      () => done(null),
      (error: Error) => done(error),
    );
  }
}

/**
 * Multipart parsing of POST /mediaimage: one file in field 'file', at most 20,000,000 bytes. The
 * name is checked (path rules, extension, same name in pending unless replace) before a byte of
 * the file is taken; the content is checked as it arrives. Errors become HttpErrors with the
 * spec's texts; a malformed body is a 400, never a 500.
 */
export function receiveUpload(
  root: string,
  storage: MediaStorage,
  targetOf: (req: Request) => UploadTarget,
): RequestHandler {
  // The size error names only the field; the file's name is remembered as its part arrives.
  const names = new WeakMap<Request, string>();
  const checkFile = async (req: Request, fileName: string) => {
    checkName('file', fileName);
    kindOfName(fileName);
    const { folder, replace, reservation } = targetOf(req);
    if (replace) return;
    // A file of the name with a digest may be this very upload sent again (storeUpload compares
    // the bytes); one without is refused before its body is read.
    if (
      (await storage.stat(mediaFileKey(folder, PENDING, fileName))) &&
      !(await storage.stat(digestKey(folder, PENDING, fileName)))
    )
      throw fileExists(folder, fileName);
    reservation.holdName(fileName);
  };
  const parse = multer({
    storage: new UploadEngine(root, targetOf),
    defParamCharset: 'utf8',
    // Keep the client's full name, so a name with a path is refused rather than silently cut.
    preservePath: true,
    limits: { fileSize: MEDIA_MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
    fileFilter: (req, file, done) => {
      names.set(req, file.originalname);
      checkFile(req, file.originalname).then(
        () => done(null, true),
        (error: Error) => done(error),
      );
    },
  }).single(MEDIA_UPLOAD_FIELD);

  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (!error) return next();
      next(toHttpError(error, names.get(req) ?? MEDIA_UPLOAD_FIELD));
    });
  };
}

function toHttpError(error: unknown, fileName: string): unknown {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE')
      return new HttpError(
        413,
        ERROR_CODE.validation,
        MEDIA_VALIDATION_TEXT.fileTooLarge(fileName),
      );
    return new ValidationFailedError(error.message);
  }
  // MediaPathError and the FILE_EXISTS refusal are HttpErrors already.
  if (error instanceof HttpError) return error;
  if (error instanceof MediaTypeError) return new ValidationFailedError(error.message);
  if (error instanceof MediaContentError)
    return new HttpError(415, ERROR_CODE.validation, error.message);
  if (error instanceof StorageFailure) return error.failure;
  // Anything else came from the multipart parser (busboy: a broken header, a NUL in a header,
  // an unexpected end): the client's body is at fault.
  if (error instanceof Error && !(error as NodeJS.ErrnoException).code)
    return new ValidationFailedError(MEDIA_SERVER_TEXT.malformedUpload(error.message));
  return error;
}

/**
 * The answer for the file already stored under the name when it was made from the same uploaded
 * bytes (its digest names them, and the stored file is still the one the digest describes: a
 * file moved back from a tag is not); undefined otherwise.
 */
async function sameUpload(
  storage: MediaStorage,
  target: string,
  digestFile: string,
  fileName: string,
  upload: StagedUpload,
): Promise<MediaUploadResult | undefined> {
  let kept: Digest;
  try {
    kept = JSON.parse(await readText(storage, digestFile)) as Digest;
  } catch {
    return undefined;
  }
  if (kept.original !== upload.digest.original) return undefined;
  if ((await sha256Of(storage, target)) !== kept.stored) return undefined;
  const stat = await storage.stat(target);
  if (!stat) return undefined;
  return {
    success: true,
    filename: fileName,
    ...(kept.width !== undefined ? { width: kept.width, height: kept.height } : {}),
    filesize: stat.size,
  };
}

/** The values once every call has settled, else the first failure: no call outlives a cleanup. */
async function settled<T extends readonly unknown[]>(
  calls: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const results = await Promise.allSettled(calls);
  const failed = results.find(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Moves the staged upload into pending: its digest and preview first, then the file, each whole
 * (on disk a rename on the same disk; on S3 a PUT or multipart upload, visible once complete), so
 * a reader sees the whole file or none, and a crash leaves at most stray files in .tmp (or a
 * preview or digest without its file, which no list shows and the next upload of the name
 * replaces). Without replace, a file of the same name is not replaced: the
 * same upload sent again (same name, same bytes: a retry after a lost answer) answers the stored
 * file (`unchanged`), anything else 409 FILE_EXISTS. What is still staged is removed when
 * anything fails. `replaced`: a file of that name was there and is now replaced.
 */
export async function storeUpload(
  storage: MediaStorage,
  folder: string,
  fileName: string,
  upload: StagedUpload,
  replace: boolean,
): Promise<{ answer: MediaUploadResult; replaced: boolean; unchanged?: boolean }> {
  const target = mediaFileKey(folder, PENDING, fileName);
  const thumbTarget = thumbnailKey(folder, PENDING, fileName);
  const digestTarget = digestKey(folder, PENDING, fileName);
  let replaced: boolean;
  try {
    // The digest and the preview go side by side (each a whole file), the file after both.
    const besides = () =>
      settled([
        storage.putFile(upload.stagedDigest, digestTarget),
        upload.stagedThumbnail
          ? storage.putFile(upload.stagedThumbnail, thumbTarget)
          : storage.remove(thumbTarget),
      ]);
    if (replace) {
      // Whatever is there is replaced: its presence only names the change for the audit trail.
      const [stat] = await settled([storage.stat(target), besides()]);
      replaced = stat !== undefined;
    } else {
      replaced = (await storage.stat(target)) !== undefined;
      if (replaced) {
        const same = await sameUpload(storage, target, digestTarget, fileName, upload);
        if (!same) throw fileExists(folder, fileName);
        await removeStaged(upload);
        return { answer: same, replaced: false, unchanged: true };
      }
      await besides();
    }
    await storage.putFile(upload.staged, target);
  } catch (error) {
    // Renamed files are gone from .tmp; only a failed upload leaves something to remove.
    await removeStaged(upload);
    throw error;
  }
  const answer: MediaUploadResult = {
    success: true,
    filename: fileName,
    ...(upload.width !== undefined ? { width: upload.width, height: upload.height } : {}),
    filesize: upload.size,
  };
  return { answer, replaced };
}
