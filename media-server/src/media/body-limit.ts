import { MEDIA_API, MEDIA_MAX_UPLOAD_BYTES } from '@store-cloud/contracts';
import { errorOfStatus } from '@store-cloud/node-kit';
import type { RequestHandler } from 'express';

/** The JSON bodies of the media calls (folder names, file lists). */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;
/** A whole upload: the file's own limit and room for the multipart envelope and its fields. */
export const UPLOAD_BODY_LIMIT_BYTES = MEDIA_MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * 413 at once for a body declared larger than its route takes, before anything reads it: multer
 * and body-parser read a refused body to its end before they answer (40 s for 25 MB on a slow
 * line). The connection is closed after the answer, so the rest is never read. A body sent
 * without a declared length still meets multer's and body-parser's own limits.
 */
export const declaredBodyLimit: RequestHandler = (req, res, next) => {
  const declared = Number(req.headers['content-length'] ?? 0) || 0;
  const limit = req.path === MEDIA_API.mediaImage ? UPLOAD_BODY_LIMIT_BYTES : JSON_BODY_LIMIT_BYTES;
  if (declared <= limit) return next();
  res.setHeader('connection', 'close');
  next(errorOfStatus(413));
};
