import { MEDIA_SERVER_PREFIX, mediaListResultSchema } from '@store-cloud/contracts';
import { apiRequest } from './api-client';

/** A media server path as the portal reaches it: through the backend's /media-server proxy. */
export const mediaServerUrl = (path: string) => `${MEDIA_SERVER_PREFIX}${path}`;

/** The files of one media server list call (pending, expired or one tag's media list). */
export const fetchMediaList = (path: string, query: Record<string, string>, signal: AbortSignal) =>
  apiRequest(mediaServerUrl(path), mediaListResultSchema, { signal, query }).then((r) => r.files);
