import { z } from 'zod';
import { USER_TYPE } from '../user-types';

/**
 * The central media server's calls (spec media §7), their bodies and answers. Paths are those of
 * the media server itself; the portal reaches it under MEDIA_SERVER_PREFIX.
 */
export const MEDIA_API = {
  version: '/version',
  mediaList: '/medialist',
  pendingMediaList: '/pendingmedialist',
  expiredMediaList: '/expiredmedialist',
  createDirectory: '/createdirectory',
  deleteFiles: '/deletefiles',
  moveMediaFiles: '/movemediafiles',
  setStoreType: '/setstoretype',
  mediaImage: '/mediaimage',
  companies: '/companies',
  tag: '/tag',
  mediaFiles: '/mediafiles',
} as const;

/** Where a company's files are served: /companies/{folder}/pending|tags/{tag}|expired/{file}. */
export const mediaFileUrl = (folder: string, directory: string, file: string) =>
  `${MEDIA_API.companies}/${encodeURIComponent(folder)}/${directory
    .split(/[\\/]/)
    .map(encodeURIComponent)
    .join('/')}/${encodeURIComponent(file)}`;

/** Spec media §5 and §9. */
export const MEDIA_MAX_UPLOAD_BYTES = 20_000_000;
export const MEDIA_EXTENSIONS = ['jpg', 'jpeg', 'png', 'mp4'] as const;
export const MEDIA_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
/** The multipart field of POST /mediaimage. */
export const MEDIA_UPLOAD_FIELD = 'file';
export const MEDIA_FOLDER = { pending: 'pending', tags: 'tags', expired: 'expired' } as const;

/** Central Media Administration (DESIGN §4): creating company and tag folders. */
export const canAdministerMedia = (usertype: string) =>
  usertype === USER_TYPE.ADMIN || usertype === USER_TYPE.SUPER_ADMIN;

// Names are checked for shape here; the media server refuses unsafe paths with its own message.
const name = z.string().min(1, 'is required').max(255);
const fileList = z.array(name).min(1, 'at least one file is required').max(1000);

export const mediaListQuerySchema = z.object({ dir: name, tag: name });
export const mediaDirQuerySchema = z.object({ dir: name });

export const mediaFileSchema = z.object({
  filename: z.string(),
  filesize: z.number().int().nonnegative(),
  /** ISO 8601, the file's last modification. */
  timestamp: z.string(),
  /** {folder}/pending, {folder}/expired or {folder}/tags/{tag}: the last segment names the tag. */
  directory: z.string(),
  tagName: z.string().optional(),
  /** True when GET {file url}?thumbnail=true answers a small JPEG preview. */
  thumbnail: z.boolean(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** success false: the folder does not exist (spec §7), files is then empty. */
export const mediaListResultSchema = z.object({
  success: z.boolean(),
  files: z.array(mediaFileSchema),
});
export type MediaListResult = z.infer<typeof mediaListResultSchema>;

/** A company folder ('Acme-7') or a folder inside it ('Acme-7/tags/promo', 'Acme-7/expired'). */
export const directoryRequestSchema = z.object({ directoryname: name.max(600) });
export type DirectoryRequest = z.infer<typeof directoryRequestSchema>;

export const deleteFilesRequestSchema = directoryRequestSchema.extend({ filelist: fileList });
export type DeleteFilesRequest = z.infer<typeof deleteFilesRequestSchema>;

/** sourceFolder and destinationFolder: 'pending', 'expired' or 'tags\{tag}' (also 'tags/{tag}'). */
/**
 * replace: a file of the same name already in a destination tag folder is replaced; without it
 * that file is refused (failures names it with code FILE_EXISTS) and both copies stay.
 */
export const moveMediaFilesRequestSchema = z.object({
  directoryname: name,
  sourceFolder: name,
  destinationFolder: name,
  filelist: fileList,
  replace: z.boolean().optional(),
});
export type MoveMediaFilesRequest = z.infer<typeof moveMediaFilesRequestSchema>;

/** Update Media Now: pending files pushed into tags/{tag}. */
export const mediaFilesRequestSchema = z.object({
  directoryname: name,
  tag: name,
  files: fileList,
  /** As in /movemediafiles: replace a file of the same name in the tag folder. */
  replace: z.boolean().optional(),
});
export type MediaFilesRequest = z.infer<typeof mediaFilesRequestSchema>;

export const setStoreTypeRequestSchema = z.object({ storetype: name });
export type SetStoreTypeRequest = z.infer<typeof setStoreTypeRequestSchema>;

export const tagRequestSchema = z.object({ companyname: name, tagname: name });
export type TagRequest = z.infer<typeof tagRequestSchema>;
export const tagQuerySchema = z.object({ company: name, tag: name });
export type TagQuery = z.infer<typeof tagQuerySchema>;
/** DELETE /companies: an empty company folder (the backend undoing a folder it just created). */
export const companyQuerySchema = z.object({ company: name });
export type CompanyQuery = z.infer<typeof companyQuerySchema>;

const dimension = z.coerce.number().int().min(1).max(20_000);
/**
 * width and height bound the image (never enlarged); dir overrides the folder set by /setstoretype.
 * replace=true replaces a file of the same name in pending; without it such an upload is
 * refused with 409 FILE_EXISTS. Only 'true' and 'false' are booleans here.
 */
export const mediaImageQuerySchema = z.object({
  width: dimension.optional(),
  height: dimension.optional(),
  dir: name.optional(),
  replace: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .transform((value) => value === 'true')
    .optional(),
});
export type MediaImageQuery = z.infer<typeof mediaImageQuerySchema>;

/** Why one file of a move or delete was not handled: a stable code and a message for a person. */
export const mediaFileFailureSchema = z.object({
  file: z.string(),
  code: z.string(),
  message: z.string(),
});
export type MediaFileFailure = z.infer<typeof mediaFileFailureSchema>;

/**
 * Answer of the changing calls; failedFiles lists the names that could not be handled and
 * failures (same order) says why for each.
 */
export const mediaResultSchema = z.object({
  success: z.boolean(),
  failedFiles: z.array(z.string()).optional(),
  failures: z.array(mediaFileFailureSchema).optional(),
  message: z.string().optional(),
  /** POST /companies and POST /tag: false when the folder was there already (creating is repeatable). */
  created: z.boolean().optional(),
});
export type MediaResult = z.infer<typeof mediaResultSchema>;

export const mediaUploadResultSchema = z.object({
  success: z.boolean(),
  filename: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  filesize: z.number().int(),
});
export type MediaUploadResult = z.infer<typeof mediaUploadResultSchema>;

/**
 * GET /portal/tokeninfo of the backend: who the presented token belongs to, fresh from the
 * database. Services that verify tokens without minting them (the media server) ask it.
 */
export const TOKEN_INFO_PATH = '/portal/tokeninfo';
export const tokenInfoSchema = z.object({
  /** The user's id (the audit trail's actorId of the changes the media server reports). */
  id: z.string(),
  name: z.string(),
  usertype: z.string(),
  enabled: z.boolean(),
  applications: z.array(z.string()),
  access: z.object({ all: z.boolean(), companyIds: z.array(z.number().int()) }),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;
