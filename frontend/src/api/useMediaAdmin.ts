import {
  ERROR_CODE,
  MEDIA_API,
  MEDIA_PORTAL_API,
  type MediaCompany,
  mediaCompanySchema,
  scheduleListSchema,
} from '@store-cloud/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { fetchMediaList } from './media-server';
import { MEDIA_COMPANIES_KEY, useMediaCompanies } from './useMediaCompanies';

/**
 * Central Media Administration, Store Tags and Tag Stores (spec media §2, §4, §7): the backend's
 * company calls (which create and remove folders on the media server themselves) and the media
 * server's file counts (through the /media-server proxy).
 */

const countsKey = (folder: string) => ['media-server', 'counts', folder] as const;

/**
 * The company as last saved: the backend answers every change with the company, which replaces
 * the cached one; until the list is cached, the company the screen was opened with.
 */
export function useLiveCompany(company: MediaCompany): MediaCompany {
  const list = useMediaCompanies();
  return list.data?.find((c) => c.companyId === company.companyId) ?? company;
}

function storeCompany(client: QueryClient, company: MediaCompany) {
  client.setQueryData<MediaCompany[]>(MEDIA_COMPANIES_KEY, (list) =>
    list?.map((c) => (c.companyId === company.companyId ? company : c)),
  );
}

const portal = (path: string, method: 'POST' | 'PUT', body: unknown) =>
  apiRequest(path, mediaCompanySchema, { method, body });

export interface MediaCounts {
  pending: number;
  active: number;
  expired: number;
  total: number;
}

/** File counts of a configured company: pending, every tag folder (active), expired. */
export function useMediaCounts(folder: string | undefined, tags: string[]) {
  return useQuery({
    queryKey: [...countsKey(folder ?? ''), tags] as const,
    enabled: Boolean(folder),
    queryFn: async ({ signal }): Promise<MediaCounts> => {
      const dir = folder!;
      const list = (path: string, query: Record<string, string>) =>
        fetchMediaList(path, query, signal).then((files) => files.length);
      const [pending, expired, ...active] = await Promise.all([
        list(MEDIA_API.pendingMediaList, { dir }),
        list(MEDIA_API.expiredMediaList, { dir }),
        ...tags.map((tag) => list(MEDIA_API.mediaList, { dir, tag })),
      ]);
      const inTags = active.reduce((a, b) => a + b, 0);
      return { pending, expired, active: inTags, total: pending + expired + inTags };
    },
  });
}

export type LimitField = 'mediaFileLimit' | 'tagLimit';

export function useUpdateLimit(field: LimitField) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: number; newLimit: number }) =>
      portal(
        field === 'mediaFileLimit'
          ? MEDIA_PORTAL_API.updateMediaFileLimit
          : MEDIA_PORTAL_API.updateTagLimit,
        'PUT',
        v,
      ),
    onSuccess: (company) => storeCompany(client, company),
  });
}

/**
 * True when the media server step of a folder call failed (it refused, or could not be reached):
 * the backend then recorded nothing (spec §8 names that step's failure apart).
 */
export const failedOnMediaServer = (e: unknown) =>
  e instanceof ApiError &&
  (e.code === ERROR_CODE.upstreamRefused || e.code === ERROR_CODE.unavailable);

/** Configure for Media Server: one backend call makes the company folder and records it. */
export function useConfigureMediaServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: number; mediaFolderName: string }) =>
      portal(MEDIA_PORTAL_API.addMediaFolders, 'POST', { ...v, tagsList: [] }),
    onSuccess: (company) => storeCompany(client, company),
  });
}

/** Add Media Tag Folder: one backend call makes the tag folder and adds it to the company. */
export function useAddTagFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: number; newTag: string }) =>
      portal(MEDIA_PORTAL_API.addTagFolder, 'POST', v),
    onSuccess: (company) => {
      storeCompany(client, company);
      return client.invalidateQueries({ queryKey: countsKey(company.mediaFolderName ?? '') });
    },
  });
}

/** True when a READY or ACTIVE schedule sends files to the tag (spec §5). */
export async function tagHasOpenSchedules(mediaFolderName: string, tag: string) {
  const schedules = await apiRequest(MEDIA_PORTAL_API.schedules, scheduleListSchema, {
    query: { status: 'ALL', mediafolder: mediaFolderName },
  });
  return schedules.some((s) => s.destination === tag && s.status !== 'EXPIRED');
}

/**
 * Remove Tag Folder: one backend call removes the folder on the media server and the tag from
 * the company and its stores.
 */
export function useRemoveTagFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: number; removeTag: string }) =>
      portal(MEDIA_PORTAL_API.removeTagFolder, 'PUT', v),
    onSuccess: (company) => {
      storeCompany(client, company);
      return client.invalidateQueries({ queryKey: countsKey(company.mediaFolderName ?? '') });
    },
  });
}

/** The delay before the tag lists are read again after a save (spec §4, §9). */
const TAG_REFRESH_DELAY_MS = 250;

/** One store's tags; the caller keeps the original for the revert (spec §4). */
export function useSaveStoreTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: number; storeId: number; tags: string[] }) =>
      portal(MEDIA_PORTAL_API.saveTagChanges, 'PUT', v),
    onSuccess: (company) => {
      storeCompany(client, company);
      setTimeout(
        () => void client.invalidateQueries({ queryKey: MEDIA_COMPANIES_KEY }),
        TAG_REFRESH_DELAY_MS,
      );
    },
  });
}
