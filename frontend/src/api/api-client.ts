/**
 * The one way the portal calls its services: same origin (the dev server and nginx proxy the
 * service paths), the access token in x-access-token, every response parsed with its contract
 * schema, every failure an ApiError.
 */
import {
  ACCESS_TOKEN_HEADER,
  errorBodySchema,
  httpFailureText,
  PUBLIC_API_PATHS,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { clearSession, readToken } from '../auth/session-storage';
import { ApiError } from './api-error';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number>;
  /** Calls that need no token; by default the contract's PUBLIC_API_PATHS. */
  public?: boolean;
  /** Extra headers, e.g. the site token of the relayed store calls. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** '' in the browser (same origin); an absolute origin where there is no page origin. */
  baseUrl?: string;
  /** Where the access token comes from; the session's localStorage by default. */
  getToken?: () => string | null;
  /** Called when a protected call is refused with 401: the session is no longer valid. */
  onUnauthorized?: () => void;
}

export function createApiClient({
  baseUrl = '',
  getToken = readToken,
  onUnauthorized = clearSession,
}: ApiClientOptions = {}) {
  return async function request<S extends z.ZodType>(
    path: string,
    schema: S,
    options: ApiRequest = {},
  ): Promise<z.output<S>> {
    const isPublic = options.public ?? PUBLIC_API_PATHS.includes(path);
    const search = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    const url = `${baseUrl}${path}${search}`;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const token = isPublic ? null : getToken();
    if (token) headers[ACCESS_TOKEN_HEADER] = token;

    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const payload: unknown = await response.json().catch(() => null);

    if (!response.ok) {
      if (response.status === 401 && !isPublic) onUnauthorized();
      const body = errorBodySchema.safeParse(payload);
      throw new ApiError(
        httpFailureText(url, response.status, response.statusText),
        url,
        response.status,
        body.success ? body.data : null,
      );
    }
    return schema.parse(payload);
  };
}

export const apiRequest = createApiClient();
