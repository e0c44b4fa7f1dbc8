import { z } from 'zod';
import { ERROR_CODE, healthSchema } from './schemas/common.schema';

/**
 * A same-name upload (issue 16): the media server answers 409 FILE_EXISTS instead of replacing a
 * file silently; the portal asks, then sends the upload again with ?replace=true.
 */
export const MEDIA_UPLOAD_CONFLICT = {
  code: ERROR_CODE.fileExists,
  replaceParam: 'replace',
} as const;

/**
 * GET /health of the media server: storage (the media root is writable) and disk (free space on
 * it at least MEDIA_MIN_FREE_BYTES); 503 when either is down. freeBytes is what an unprivileged
 * process may still write there.
 */
export const mediaHealthSchema = healthSchema.extend({
  disk: z
    .object({
      freeBytes: z.number().int().nonnegative(),
      minFreeBytes: z.number().int().nonnegative(),
    })
    .optional(),
});
export type MediaHealth = z.infer<typeof mediaHealthSchema>;
