import {
  ERROR_CODE,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_PREFIX,
  MEDIA_SERVER_TEXT,
  type MediaCompany,
  type Schedule,
} from '@store-cloud/contracts';
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * fetch answering as the backend and the media server do for one company: the company list, the
 * schedules, the media lists (empty), and each changing call with the company as it now is.
 * `fail` lists 'METHOD path' keys that answer 500 instead (the backend could not record);
 * `refuse` lists those the backend answers 502 UPSTREAM_REFUSED (the media server refused its
 * step, so nothing was recorded).
 */
export function fakeMediaBackend(
  start: MediaCompany,
  options: {
    fail?: string[];
    refuse?: string[];
    schedules?: Schedule[];
    /** How many files the media server lists: 'pending', 'expired' or a tag name. */
    files?: Record<string, number>;
  } = {},
) {
  let company = structuredClone(start);
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://portal');
      const method = init?.method ?? 'GET';
      const body = init?.body
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : undefined;
      calls.push({ method, path: url.pathname, body });
      if (options.fail?.includes(`${method} ${url.pathname}`))
        return json({ code: ERROR_CODE.internal, message: 'failed' }, 500);
      if (options.refuse?.includes(`${method} ${url.pathname}`))
        return json(
          { code: ERROR_CODE.upstreamRefused, message: MEDIA_SERVER_TEXT.refused('refused') },
          502,
        );
      if (url.pathname.startsWith(MEDIA_SERVER_PREFIX)) {
        if (method !== 'GET') return json({ success: true });
        const area = url.pathname.endsWith('/pendingmedialist')
          ? 'pending'
          : url.pathname.endsWith('/expiredmedialist')
            ? 'expired'
            : (url.searchParams.get('tag') ?? '');
        const files = Array.from({ length: options.files?.[area] ?? 0 }, (_, i) => ({
          filename: `${area}-${i}.png`,
          filesize: 1,
          timestamp: '2026-11-20T10:00:00.000Z',
          directory: `${start.mediaFolderName}/${area}`,
          thumbnail: false,
        }));
        return json({ success: true, files });
      }
      switch (url.pathname) {
        case MEDIA_PORTAL_API.mediaCompanies:
          return json([company]);
        case MEDIA_PORTAL_API.schedules:
          return json(options.schedules ?? []);
        case MEDIA_PORTAL_API.updateMediaFileLimit:
          company = { ...company, mediaFileLimit: body!.newLimit as number };
          return json(company);
        case MEDIA_PORTAL_API.updateTagLimit:
          company = { ...company, tagLimit: body!.newLimit as number };
          return json(company);
        case MEDIA_PORTAL_API.addMediaFolders:
          company = { ...company, mediaFolderName: body!.mediaFolderName as string };
          return json(company);
        case MEDIA_PORTAL_API.addTagFolder:
          company = { ...company, tagsList: [...company.tagsList, body!.newTag as string] };
          return json(company);
        case MEDIA_PORTAL_API.removeTagFolder: {
          const tag = body!.removeTag as string;
          company = {
            ...company,
            tagsList: company.tagsList.filter((t) => t !== tag),
            stores: company.stores.map((s) => ({ ...s, tags: s.tags.filter((t) => t !== tag) })),
          };
          return json(company);
        }
        case MEDIA_PORTAL_API.saveTagChanges:
          company = {
            ...company,
            stores: company.stores.map((s) =>
              s.storeId === body!.storeId ? { ...s, tags: body!.tags as string[] } : s,
            ),
          };
          return json(company);
        default:
          return json({ code: ERROR_CODE.notFound, message: 'not found' }, 404);
      }
    }),
  );
  return { calls, changes: () => calls.filter((c) => c.method !== 'GET') };
}

export const ACME: MediaCompany = {
  companyId: 7,
  companyName: 'Acme Fuels',
  mediaFolderName: 'AcmeFuels-7',
  tagsList: ['promo', 'fuel'],
  mediaFileLimit: 20,
  tagLimit: 10,
  stores: [
    { storeId: 1, storeName: 'North Road', tags: ['promo'] },
    { storeId: 2, storeName: 'South Road', tags: [] },
  ],
};
