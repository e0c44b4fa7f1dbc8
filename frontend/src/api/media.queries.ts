/**
 * Query factories of Central Media (spec media): the backend's media companies, parameters and
 * schedules, and the media server's lists and counts (through the /media-server proxy).
 */
import {
  MEDIA_API,
  MEDIA_PORTAL_API,
  MEDIA_PREVIEW_API,
  type MediaFile,
  mediaCompanyListSchema,
  mediaServerParamsSchema,
  scheduleListSchema,
  serviceVersionSchema,
  STATUS_REFRESH_MS,
  storeMediaAtSchema,
} from '@store-cloud/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { fetchMediaList, mediaServerUrl } from './media-server';

/** An active file always names its tag: the server's tagName, else the directory's last part. */
export type ActiveMediaFile = MediaFile & { tagName: string };

export interface MediaLists {
  pending: MediaFile[];
  expired: MediaFile[];
  /** The files of every tag folder: only these count as active (spec §7). */
  active: ActiveMediaFile[];
}

export interface MediaCounts {
  pending: number;
  active: number;
  expired: number;
  total: number;
}

export const mediaQueries = {
  /** The companies the user may open on the Central Media screen, with folder, tags and limits. */
  companies: () =>
    queryOptions({
      queryKey: ['portalconfig', 'mediacompanies'] as const,
      queryFn: ({ signal }) =>
        apiRequest(MEDIA_PORTAL_API.mediaCompanies, mediaCompanyListSchema, { signal }),
    }),
  /** GET /portal/centralmediaserverparams: MaxWidth, MaxHeight and the type tags (spec §3). */
  serverParams: () =>
    queryOptions({
      queryKey: ['portal', 'centralmediaserverparams'] as const,
      queryFn: ({ signal }) =>
        apiRequest(MEDIA_PORTAL_API.serverParams, mediaServerParamsSchema, { signal }),
      staleTime: Infinity,
    }),
  /** Every counts query of a company folder. */
  countsOf: (folder: string) => ['media-server', 'counts', folder] as const,
  /** File counts of a configured company: pending, every tag folder (active), expired. */
  counts: (folder: string | undefined, tags: string[]) =>
    queryOptions({
      queryKey: [...mediaQueries.countsOf(folder ?? ''), tags] as const,
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
    }),
  /** Every list query of a company folder. */
  listsOf: (folder: string) => ['media-server', 'lists', folder] as const,
  /**
   * A company's media (spec §7 fetch order): expired and pending first, then one list per tag.
   * A missing folder (success false) lists nothing.
   */
  lists: (folder: string, tags: string[]) =>
    queryOptions({
      queryKey: [...mediaQueries.listsOf(folder), tags] as const,
      queryFn: async ({ signal }): Promise<MediaLists> => {
        const list = (path: string, query: Record<string, string>) =>
          fetchMediaList(path, query, signal);
        const [expired, pending] = await Promise.all([
          list(MEDIA_API.expiredMediaList, { dir: folder }),
          list(MEDIA_API.pendingMediaList, { dir: folder }),
        ]);
        const perTag = await Promise.all(
          tags.map(async (tag) =>
            (await list(MEDIA_API.mediaList, { dir: folder, tag })).map((f) => ({
              ...f,
              tagName: f.tagName ?? f.directory.split(/[\\/]/).pop() ?? tag,
            })),
          ),
        );
        return { pending, expired, active: perTag.flat() };
      },
      // Schedules move files at their start and end on the server: the lists follow.
      refetchInterval: STATUS_REFRESH_MS,
    }),
  /**
   * Every schedule of a media folder. The backend moves schedules on at their start and end, so
   * the list refreshes like the status screen does.
   */
  schedules: (folder: string) =>
    queryOptions({
      queryKey: ['portalconfig', 'schedules', folder] as const,
      queryFn: ({ signal }) =>
        apiRequest(MEDIA_PORTAL_API.schedules, scheduleListSchema, {
          signal,
          query: { status: 'ALL', mediafolder: folder },
        }),
      refetchInterval: STATUS_REFRESH_MS,
    }),
  /** What a store shows at a time, and its schedules of the next days (issue 17 point 3). */
  storeMediaAt: (companyId: number, storeId: number | undefined, at: string) =>
    queryOptions({
      queryKey: ['portal', 'storemediaat', companyId, storeId, at] as const,
      queryFn: ({ signal }) =>
        apiRequest(MEDIA_PREVIEW_API.storeMediaAt, storeMediaAtSchema, {
          query: { c: companyId, s: storeId!, at },
          signal,
        }),
      enabled: storeId !== undefined && at !== '',
      placeholderData: keepPreviousData,
    }),
  /** The central media server's version (About dialog). */
  version: (enabled = true) =>
    queryOptions({
      queryKey: ['media-server', 'version'] as const,
      queryFn: ({ signal }) =>
        apiRequest(mediaServerUrl(MEDIA_API.version), serviceVersionSchema, {
          signal,
          public: true,
        }),
      enabled,
      staleTime: Infinity,
      // An unreachable media server only shows '-' in the dialog; retrying would just delay that.
      retry: false,
    }),
};
