import type { APIRequestContext } from '@playwright/test';
import { ACCESS_TOKEN_HEADER, API, loginResultSchema } from '@store-cloud/contracts';
import type { z } from 'zod';
import { E2E } from './e2e-env';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call as the logged-in admin, its answer checked against the contract's schema. */
export interface AdminApi {
  call<S extends z.ZodType>(
    method: Method,
    url: string,
    schema: S,
    options?: {
      data?: unknown;
      multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer }>;
    },
  ): Promise<z.output<S>>;
  /** The token header, for calls a spec makes itself. */
  headers: Record<string, string>;
}

/**
 * Logs the seeded SUPER-ADMIN (E2E.admin) in and calls the platform's HTTP APIs with its token,
 * as the portal does. A refused call throws with its status and body, so a set-up fails loudly.
 */
export async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  const login = await request.post(E2E.backendUrl + API.login, { data: E2E.admin });
  if (!login.ok()) throw new Error(`${API.login}: ${login.status()}`);
  const headers = { [ACCESS_TOKEN_HEADER]: loginResultSchema.parse(await login.json()).token! };
  return {
    headers,
    async call(method, url, schema, options = {}) {
      const response = await request.fetch(url, { method, headers, ...options });
      if (!response.ok())
        throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
      return schema.parse(await response.json());
    },
  };
}
