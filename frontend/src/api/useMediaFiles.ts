import {
  ACCESS_TOKEN_HEADER,
  errorBodySchema,
  httpFailureText,
  MEDIA_API,
  MEDIA_FOLDER,
  MEDIA_UPLOAD_FIELD,
  mediaResultSchema,
  type MediaUploadResult,
  mediaUploadResultSchema,
} from '@store-cloud/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readToken } from '../auth/session-storage';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { mediaQueries } from './media.queries';
import { mediaServerUrl } from './media-server';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export type { ActiveMediaFile, MediaLists } from './media.queries';

/** A company's media (spec §7 fetch order), refreshed as schedules move files. */
export const useMediaLists = (folder: string, tags: string[]) =>
  useQuery(mediaQueries.lists(folder, tags));

/** The changing calls of the media server on one company folder. */
export type MediaAction =
  | { kind: 'delete'; area: string; files: string[] }
  | { kind: 'move'; from: string; to: string; files: string[] }
  | { kind: 'update'; tag: string; files: string[]; replace?: boolean };

/** The tag folder as /movemediafiles names it (spec §7: 'tags\{tag}'). */
export const tagArea = (tag: string) => `${MEDIA_FOLDER.tags}\\${tag}`;

export const useMediaAction = (folder: string) =>
  useInvalidatingMutation(
    [mediaQueries.listsOf(folder)],
    (action: MediaAction) => {
      switch (action.kind) {
        case 'delete':
          return apiRequest(mediaServerUrl(MEDIA_API.deleteFiles), mediaResultSchema, {
            method: 'POST',
            body: { directoryname: `${folder}/${action.area}`, filelist: action.files },
          });
        case 'move':
          return apiRequest(mediaServerUrl(MEDIA_API.moveMediaFiles), mediaResultSchema, {
            method: 'POST',
            body: {
              directoryname: folder,
              sourceFolder: action.from,
              destinationFolder: action.to,
              filelist: action.files,
            },
          });
        case 'update':
          return apiRequest(mediaServerUrl(MEDIA_API.mediaFiles), mediaResultSchema, {
            method: 'POST',
            body: {
              directoryname: folder,
              tag: action.tag,
              files: action.files,
              // A file of the same name already live in the tag is replaced only when asked.
              ...(action.replace ? { replace: true } : {}),
            },
          });
      }
    },
    { alsoOnError: true },
  );

export const useRefreshMediaLists = (folder: string) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: mediaQueries.listsOf(folder) });
};

/** POST /setstoretype: the folder the next upload goes to (spec §4). */
export const setUploadFolder = (folder: string) =>
  apiRequest(mediaServerUrl(MEDIA_API.setStoreType), mediaResultSchema, {
    method: 'POST',
    body: { storetype: folder },
  });

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * POST /mediaimage with the file in its multipart field, reporting progress (0-100). XHR, since
 * fetch has no upload progress.
 */
export function uploadMediaFile(
  file: File,
  query: Record<string, number | string>,
  onProgress: (percent: number) => void,
): Promise<MediaUploadResult> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const url = `${mediaServerUrl(MEDIA_API.mediaImage)}${search.size ? `?${search}` : ''}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = readToken();
    if (token) xhr.setRequestHeader(ACCESS_TOKEN_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () =>
      reject(new ApiError(httpFailureText(url, 0, 'network error'), url, 0, null));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        // The media server's {code, message} (FILE_EXISTS, a refused name or content) goes along.
        const body = errorBodySchema.safeParse(parseJson(xhr.responseText));
        return reject(
          new ApiError(
            httpFailureText(url, xhr.status, xhr.statusText),
            url,
            xhr.status,
            body.success ? body.data : null,
          ),
        );
      }
      try {
        resolve(mediaUploadResultSchema.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const form = new FormData();
    form.append(MEDIA_UPLOAD_FIELD, file);
    xhr.send(form);
  });
}

/**
 * A media file or its thumbnail as a blob URL: the media server wants the token header, which an
 * <img src> cannot send. Undefined while loading, null when it failed.
 */
export function useMediaBlob(path: string | null): string | null | undefined {
  const [state, setState] = useState<{ path: string | null; url: string | null | undefined }>({
    path,
    url: undefined,
  });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = readToken();
    fetch(mediaServerUrl(path), {
      headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ path, url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ path, url: null });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return state.path === path ? state.url : undefined;
}
