import {
  MEDIA_API,
  MEDIA_FOLDER,
  MEDIA_PORTAL_API,
  MEDIA_UPLOAD_FIELD,
  mediaCompanySchema,
  mediaFolderNameOf,
  mediaResultSchema,
  mediaUploadResultSchema,
  type ScheduleInput,
  scheduleSchema,
} from '@store-cloud/contracts';
import { z } from 'zod';
import type { AdminApi } from './admin-api';
import { E2E } from './e2e-env';

/** A small image, fixed bytes (8x6 px, made once with sharp). */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQWlWOFTEMpAQAr9U8kdtx0JAAAAAASUVORK5CYII=',
  'base64',
);

const backend = (path: string) => E2E.backendUrl + path;
const mediaServer = (path: string) => E2E.mediaUrl + path;

/** A changing media server call answers 200 with success false when it did nothing. */
const succeeded = (what: string, result: z.output<typeof mediaResultSchema>) => {
  if (!result.success) throw new Error(`${what}: ${result.message ?? JSON.stringify(result)}`);
};

/**
 * The central media calls the portal's media screens make (frontend/src/api/useMediaAdmin.ts,
 * useMediaFiles.ts), for specs that need a company set up for media before the page opens.
 */
export function mediaApi(admin: AdminApi) {
  return {
    /** Configure for Media Server: the backend makes the company folder and records it. */
    async configure(companyId: number, companyName: string): Promise<string> {
      const mediaFolderName = mediaFolderNameOf(companyName, companyId);
      await admin.call('POST', backend(MEDIA_PORTAL_API.addMediaFolders), mediaCompanySchema, {
        data: { companyId, mediaFolderName, tagsList: [] },
      });
      return mediaFolderName;
    },
    addTagFolder: (companyId: number, newTag: string) =>
      admin.call('POST', backend(MEDIA_PORTAL_API.addTagFolder), mediaCompanySchema, {
        data: { companyId, newTag },
      }),
    removeTagFolder: (companyId: number, removeTag: string) =>
      admin.call('PUT', backend(MEDIA_PORTAL_API.removeTagFolder), mediaCompanySchema, {
        data: { companyId, removeTag },
      }),
    /** The Store Tags screen's save: one store's tags. */
    saveStoreTags: (companyId: number, storeId: number, tags: string[]) =>
      admin.call('PUT', backend(MEDIA_PORTAL_API.saveTagChanges), mediaCompanySchema, {
        data: { companyId, storeId, tags },
      }),
    /** Upload Media: one file into the company's pending folder on the media server. */
    async uploadPending(folder: string, name: string, buffer: Buffer, mimeType = 'image/png') {
      const url = `${mediaServer(MEDIA_API.mediaImage)}?${new URLSearchParams({ dir: folder })}`;
      const result = await admin.call('POST', url, mediaUploadResultSchema, {
        multipart: { [MEDIA_UPLOAD_FIELD]: { name, mimeType, buffer } },
      });
      if (!result.success) throw new Error(`upload of ${name} refused`);
    },
    /** Delete Selected Files in Pending Media. */
    async deletePending(folder: string, files: string[]) {
      const result = await admin.call(
        'POST',
        mediaServer(MEDIA_API.deleteFiles),
        mediaResultSchema,
        {
          data: { directoryname: `${folder}/${MEDIA_FOLDER.pending}`, filelist: files },
        },
      );
      succeeded(`delete of ${files.join(', ')}`, result);
    },
    addSchedule: (schedule: ScheduleInput) =>
      admin.call('POST', backend(MEDIA_PORTAL_API.addSchedule), scheduleSchema, {
        data: { schedule },
      }),
    deleteSchedule: (id: string) =>
      admin.call(
        'DELETE',
        `${backend(MEDIA_PORTAL_API.schedule)}?${new URLSearchParams({ id })}`,
        z.object({ success: z.literal(true) }),
      ),
  };
}
export type MediaApi = ReturnType<typeof mediaApi>;
