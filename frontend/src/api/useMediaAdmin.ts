import {
  ERROR_CODE,
  MEDIA_PORTAL_API,
  type MediaCompany,
  mediaCompanySchema,
  scheduleListSchema,
} from '@store-cloud/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { mediaQueries } from './media.queries';
import { useMediaCompanies } from './useMediaCompanies';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export type { MediaCounts } from './media.queries';

/**
 * Central Media Administration, Store Tags and Tag Stores (spec media §2, §4, §7): the backend's
 * company calls (which create and remove folders on the media server themselves) and the media
 * server's file counts (through the /media-server proxy).
 */

/**
 * The company as last saved: the backend answers every change with the company, which replaces
 * the cached one; until the list is cached, the company the screen was opened with.
 */
export function useLiveCompany(company: MediaCompany): MediaCompany {
  const list = useMediaCompanies();
  return list.data?.find((c) => c.companyId === company.companyId) ?? company;
}

function storeCompany(company: MediaCompany, client: QueryClient) {
  client.setQueryData(mediaQueries.companies().queryKey, (list) =>
    list?.map((c) => (c.companyId === company.companyId ? company : c)),
  );
}

const portal = (path: string, method: 'POST' | 'PUT', body: unknown) =>
  apiRequest(path, mediaCompanySchema, { method, body });

/** File counts of a configured company: pending, every tag folder (active), expired. */
export const useMediaCounts = (folder: string | undefined, tags: string[]) =>
  useQuery(mediaQueries.counts(folder, tags));

export type LimitField = 'mediaFileLimit' | 'tagLimit';

export const useUpdateLimit = (field: LimitField) =>
  useInvalidatingMutation(
    [],
    (v: { companyId: number; newLimit: number }) =>
      portal(
        field === 'mediaFileLimit'
          ? MEDIA_PORTAL_API.updateMediaFileLimit
          : MEDIA_PORTAL_API.updateTagLimit,
        'PUT',
        v,
      ),
    { onSuccess: storeCompany },
  );

/**
 * True when the media server step of a folder call failed (it refused, answered off its schema,
 * or could not be reached): the backend then recorded nothing (spec §8 names that step's failure
 * apart).
 */
export const failedOnMediaServer = (e: unknown) =>
  e instanceof ApiError &&
  (e.code === ERROR_CODE.upstreamRefused ||
    e.code === ERROR_CODE.upstreamInvalid ||
    e.code === ERROR_CODE.unavailable);

/** Configure for Media Server: one backend call makes the company folder and records it. */
export const useConfigureMediaServer = () =>
  useInvalidatingMutation(
    [],
    (v: { companyId: number; mediaFolderName: string }) =>
      portal(MEDIA_PORTAL_API.addMediaFolders, 'POST', { ...v, tagsList: [] }),
    { onSuccess: storeCompany },
  );

/** A tag folder's change changes the company's file counts. */
const countsOf = (company: MediaCompany) => [mediaQueries.countsOf(company.mediaFolderName ?? '')];

/** Add Media Tag Folder: one backend call makes the tag folder and adds it to the company. */
export const useAddTagFolder = () =>
  useInvalidatingMutation(
    countsOf,
    (v: { companyId: number; newTag: string }) => portal(MEDIA_PORTAL_API.addTagFolder, 'POST', v),
    { onSuccess: storeCompany },
  );

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
export const useRemoveTagFolder = () =>
  useInvalidatingMutation(
    countsOf,
    (v: { companyId: number; removeTag: string }) =>
      portal(MEDIA_PORTAL_API.removeTagFolder, 'PUT', v),
    { onSuccess: storeCompany },
  );

/** The delay before the tag lists are read again after a save (spec §4, §9). */
const TAG_REFRESH_DELAY_MS = 250;

/** One store's tags; the caller keeps the original for the revert (spec §4). */
export const useSaveStoreTags = () =>
  useInvalidatingMutation(
    [],
    (v: { companyId: number; storeId: number; tags: string[] }) =>
      portal(MEDIA_PORTAL_API.saveTagChanges, 'PUT', v),
    {
      onSuccess: (company, client) => {
        storeCompany(company, client);
        setTimeout(
          () => void client.invalidateQueries({ queryKey: mediaQueries.companies().queryKey }),
          TAG_REFRESH_DELAY_MS,
        );
      },
    },
  );
