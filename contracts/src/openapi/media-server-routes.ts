import { METRICS_ROUTE } from '../metrics';
import { API } from '../routes';
import { mediaHealthSchema } from '../media-upload';
import { healthSchema, serviceVersionSchema } from '../schemas/common.schema';
import {
  companyQuerySchema,
  deleteFilesRequestSchema,
  directoryRequestSchema,
  MEDIA_API,
  MEDIA_FOLDER,
  MEDIA_UPLOAD_FIELD,
  mediaDirQuerySchema,
  mediaFilesRequestSchema,
  mediaImageQuerySchema,
  mediaListQuerySchema,
  mediaListResultSchema,
  mediaResultSchema,
  mediaUploadResultSchema,
  moveMediaFilesRequestSchema,
  setStoreTypeRequestSchema,
  tagQuerySchema,
  tagRequestSchema,
} from '../schemas/media.schema';
import { z } from 'zod';
import type { ApiAnswer, ApiRoute } from './api-route';
import { DOCS_ROUTES } from './docs-page';

const TOKEN = ['accessToken'] as const;
const ok = (schema: z.ZodType, description: string): ApiAnswer[] => [
  { status: 200, description, schema },
];
/** The media server asks the backend (GET /portal/tokeninfo) who a token is: 503 when it cannot. */
const TOKEN_ERRORS = [403, 503];
/** A call that writes on the media disk: 507 when it is full. */
const DISK_FULL = 507;
const thumbnailQuery = z.object({
  thumbnail: z.enum(['true']).optional().describe('true: a small JPEG preview'),
});

const listing = (path: string, summary: string, query: z.ZodType): ApiRoute => ({
  method: 'get',
  path,
  tag: 'media',
  summary,
  security: TOKEN,
  query,
  answers: ok(mediaListResultSchema, 'The files (success false: no such folder)'),
  errors: TOKEN_ERRORS,
});

const change = (
  method: 'post' | 'delete',
  path: string,
  summary: string,
  input: { body?: z.ZodType; query?: z.ZodType },
  errors: number[] = [],
): ApiRoute => ({
  method,
  path,
  tag: 'media',
  summary,
  security: TOKEN,
  ...input,
  answers: ok(mediaResultSchema, 'Done (failedFiles: the names that could not be handled)'),
  errors: [...TOKEN_ERRORS, ...errors],
});

const file = (path: string, summary: string): ApiRoute => ({
  method: 'get',
  path,
  tag: 'files',
  summary,
  security: TOKEN,
  query: thumbnailQuery,
  answers: [
    {
      status: 200,
      description: 'The file, by its kind (jpg, jpeg, png, mp4); a thumbnail is a JPEG',
      contentType: ['image/jpeg', 'image/png', 'video/mp4'],
    },
  ],
  errors: [...TOKEN_ERRORS, 404],
});

/**
 * Every HTTP route of the central media server (media-server/src/app.int-spec.ts holds it to the
 * server's routers). Paths are the server's own; the portal reaches them under /media-server.
 */
export const MEDIA_SERVER_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: MEDIA_API.version,
    tag: 'system',
    summary: "The media server's version",
    security: [],
    answers: ok(serviceVersionSchema, 'The version'),
  },
  {
    method: 'get',
    path: API.healthLive,
    tag: 'system',
    summary: 'Whether the process answers (liveness)',
    security: [],
    answers: ok(healthSchema, 'The process answers'),
  },
  ...[API.healthReady, API.health].map((path): ApiRoute => ({
    method: 'get',
    path,
    tag: 'system',
    summary:
      path === API.health
        ? 'Readiness under its older name (as /health/ready)'
        : 'Whether the media folders are writable and their disk has MEDIA_MIN_FREE_BYTES free (readiness)',
    security: [],
    answers: [
      { status: 200, description: 'Storage up, enough free space', schema: mediaHealthSchema },
      {
        status: 503,
        description: 'Storage down or too little free space (with reasons)',
        schema: mediaHealthSchema,
      },
    ],
  })),
  METRICS_ROUTE,
  listing(MEDIA_API.mediaList, "The files of a company's tag", mediaListQuerySchema),
  listing(MEDIA_API.pendingMediaList, "A company's pending files", mediaDirQuerySchema),
  listing(MEDIA_API.expiredMediaList, "A company's expired files", mediaDirQuerySchema),
  change(
    'post',
    MEDIA_API.createDirectory,
    'Create a company folder or a folder inside one',
    { body: directoryRequestSchema },
    [404, 409, DISK_FULL],
  ),
  change(
    'post',
    MEDIA_API.companies,
    'Create a company folder (created: false when it was there)',
    { body: directoryRequestSchema },
    [409, DISK_FULL],
  ),
  change(
    'delete',
    MEDIA_API.companies,
    'Remove an empty company folder (the backend undoing one it created)',
    { query: companyQuerySchema },
    [404, 409],
  ),
  change('post', MEDIA_API.deleteFiles, 'Delete files', { body: deleteFilesRequestSchema }, [404]),
  change(
    'post',
    MEDIA_API.moveMediaFiles,
    'Move files between pending, a tag and expired',
    { body: moveMediaFilesRequestSchema },
    [404, DISK_FULL],
  ),
  change(
    'post',
    MEDIA_API.mediaFiles,
    'Update Media Now: move pending files into a tag',
    { body: mediaFilesRequestSchema },
    [404, DISK_FULL],
  ),
  change(
    'post',
    MEDIA_API.tag,
    'Create a tag folder (created: false when it was there)',
    { body: tagRequestSchema },
    [404, 409, DISK_FULL],
  ),
  change('delete', MEDIA_API.tag, 'Remove a tag folder', { query: tagQuerySchema }, [404]),
  change(
    'post',
    MEDIA_API.setStoreType,
    "Choose the company folder the caller's next uploads go to",
    { body: setStoreTypeRequestSchema },
    [404],
  ),
  {
    method: 'post',
    path: MEDIA_API.mediaImage,
    tag: 'media',
    summary: 'Upload a file into a company’s pending folder (images are fitted)',
    security: TOKEN,
    query: mediaImageQuerySchema,
    body: { multipartFile: MEDIA_UPLOAD_FIELD },
    answers: ok(
      mediaUploadResultSchema,
      'The stored file (also when the same name and bytes were stored before: a retry)',
    ),
    errors: [...TOKEN_ERRORS, 404, 409, 413, 415, DISK_FULL],
  },
  file(`${MEDIA_API.companies}/{folder}/${MEDIA_FOLDER.pending}/{file}`, 'A pending file'),
  file(`${MEDIA_API.companies}/{folder}/${MEDIA_FOLDER.expired}/{file}`, 'An expired file'),
  file(`${MEDIA_API.companies}/{folder}/${MEDIA_FOLDER.tags}/{tag}/{file}`, 'A file of a tag'),
  ...DOCS_ROUTES,
];
