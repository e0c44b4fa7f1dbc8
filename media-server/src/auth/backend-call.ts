import { ACCESS_TOKEN_HEADER, MEDIA_SERVICE_KEY_HEADER } from '@store-cloud/contracts';
import { UnavailableError } from '@store-cloud/node-kit';
import type { z } from 'zod';

/**
 * A call of the backend: a GET on behalf of a caller (its token), or a POST of the media server's
 * own (its service key and a JSON body); `unavailable` is the 503's message.
 */
export interface BackendCall {
  backendUrl: string | undefined;
  path: string;
  token?: string;
  /** MEDIA_SERVICE_KEY: only the media server's own reports carry it. */
  serviceKey?: string;
  /** Sent as JSON with POST. */
  body?: unknown;
  timeoutMs: number;
  unavailable: string;
}

const unavailableError = (message: string) => new UnavailableError(message);

/** The backend's response to the call; a 503 when it cannot be asked. */
export async function callBackend(call: BackendCall): Promise<Response> {
  if (!call.backendUrl) throw unavailableError(call.unavailable);
  const headers: Record<string, string> = {};
  if (call.token) headers[ACCESS_TOKEN_HEADER] = call.token;
  if (call.serviceKey) headers[MEDIA_SERVICE_KEY_HEADER] = call.serviceKey;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(new URL(call.path, call.backendUrl), {
      method: call.body !== undefined ? 'POST' : 'GET',
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch {
    throw unavailableError(call.unavailable);
  }
}

/** The body of a successful response as the schema parses it; a 503 otherwise. */
export async function backendBody<S extends z.ZodType>(
  response: Response,
  schema: S,
  unavailable: string,
): Promise<z.output<S>> {
  if (!response.ok) throw unavailableError(unavailable);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw unavailableError(unavailable);
  return parsed.data;
}
