import { ERROR_CODE } from './schemas/common.schema';

/**
 * A same-name upload (issue 16): the media server answers 409 FILE_EXISTS instead of replacing a
 * file silently; the portal asks, then sends the upload again with ?replace=true.
 */
export const MEDIA_UPLOAD_CONFLICT = {
  code: ERROR_CODE.fileExists,
  replaceParam: 'replace',
} as const;
