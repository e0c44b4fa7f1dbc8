import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ERROR_CODE,
  MEDIA_MAX_UPLOAD_BYTES,
  MEDIA_SERVER_TEXT,
  MEDIA_UPLOAD_FIELD,
  MEDIA_VALIDATION_TEXT,
  type MediaUploadResult,
} from '@store-cloud/contracts';
import { HttpError } from '@store-cloud/node-kit';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import sharp, { type OutputInfo } from 'sharp';
import { checkName, mediaFilePath, tempDir, thumbnailPath } from '../folders/media-paths';
import { checkContent, kindOfName, MAGIC_BYTES, MediaTypeError } from './file-type';

/** Previews fit in this square. */
export const THUMBNAIL_SIZE = 240;

/**
 * Multipart parsing of POST /mediaimage: one file in field 'file', streamed to a randomly named
 * file in the root's .tmp (never under its client-given name), at most 20,000,000 bytes. The
 * name is checked before a byte is written. Errors become HttpErrors with the spec's texts.
 */
export function receiveUpload(root: string): RequestHandler {
  // The size error names only the field; the file's name is remembered as its part arrives.
  const names = new WeakMap<Request, string>();
  const parse = multer({
    storage: multer.diskStorage({
      // Made per upload (not when the app is built), so a missing root shows in /health instead.
      destination: (_req, _file, done) => {
        const dir = tempDir(root);
        fs.mkdir(dir, { recursive: true }).then(
          () => done(null, dir),
          (error: Error) => done(error, dir),
        );
      },
      filename: (_req, _file, done) => done(null, `upload-${randomUUID()}`),
    }),
    defParamCharset: 'utf8',
    // Keep the client's full name, so a name with a path is refused rather than silently cut.
    preservePath: true,
    limits: { fileSize: MEDIA_MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
    fileFilter: (req, file, done) => {
      names.set(req, file.originalname);
      try {
        checkName('file', file.originalname);
        kindOfName(file.originalname);
        done(null, true);
      } catch (error) {
        done(error as Error);
      }
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
    return new HttpError(400, ERROR_CODE.validation, error.message);
  }
  // MediaPathError is already a 400 HttpError.
  if (error instanceof MediaTypeError)
    return new HttpError(400, ERROR_CODE.validation, error.message);
  return error;
}

export interface FitOptions {
  maxWidth: number;
  maxHeight: number;
}

/**
 * Checks the uploaded temporary file's content against its name, fits images within
 * maxWidth x maxHeight (never enlarged, EXIF orientation applied), writes the preview, and only
 * then renames the finished file into pending: a reader sees the whole file or none. The
 * temporary files are removed whatever happens.
 */
export async function storeUpload(
  root: string,
  folder: string,
  upload: { path: string; originalname: string },
  fit: FitOptions,
): Promise<MediaUploadResult> {
  const fileName = upload.originalname;
  const pending = { kind: 'pending' } as const;
  const target = mediaFilePath(root, folder, pending, fileName);
  const thumbTarget = thumbnailPath(root, folder, pending, fileName);
  const resized = path.join(tempDir(root), `resized-${randomUUID()}`);
  const thumb = path.join(tempDir(root), `thumb-${randomUUID()}`);
  try {
    const kind = checkContent(fileName, await readHead(upload.path));
    if (kind === 'mp4') {
      await fs.rm(thumbTarget, { force: true });
      await fs.rename(upload.path, target);
      return { success: true, filename: fileName, filesize: (await fs.stat(target)).size };
    }
    let info: OutputInfo;
    try {
      info = await sharp(upload.path)
        .rotate()
        .resize({
          width: fit.maxWidth,
          height: fit.maxHeight,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .toFormat(kind)
        .toFile(resized);
      await sharp(resized)
        .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside' })
        .jpeg({ quality: 70 })
        .toFile(thumb);
    } catch {
      throw new MediaTypeError(MEDIA_SERVER_TEXT.contentMismatch(fileName));
    }
    await fs.mkdir(path.dirname(thumbTarget), { recursive: true });
    await fs.rename(thumb, thumbTarget);
    await fs.rename(resized, target);
    return {
      success: true,
      filename: fileName,
      width: info.width,
      height: info.height,
      filesize: info.size,
    };
  } catch (error) {
    if (error instanceof MediaTypeError)
      throw new HttpError(415, ERROR_CODE.validation, error.message);
    throw error;
  } finally {
    await Promise.all([upload.path, resized, thumb].map((file) => fs.rm(file, { force: true })));
  }
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(MAGIC_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MAGIC_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
