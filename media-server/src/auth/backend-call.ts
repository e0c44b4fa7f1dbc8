import { ACCESS_TOKEN_HEADER } from '@store-cloud/contracts';
import { UnavailableError } from '@store-cloud/node-kit';
import type { z } from 'zod';

/** A GET of the backend on behalf of a caller; `unavailable` is the 503's message. */
export interface BackendCall {
  backendUrl: string | undefined;
  path: string;
  token: string;
  timeoutMs: number;
  unavailable: string;
}

const unavailableError = (message: string) => new UnavailableError(message);

/** The backend's response to the call with the caller's token; a 503 when it cannot be asked. */
export async function callBackend(call: BackendCall): Promise<Response> {
  if (!call.backendUrl) throw unavailableError(call.unavailable);
  try {
    return await fetch(new URL(call.path, call.backendUrl), {
      headers: { [ACCESS_TOKEN_HEADER]: call.token },
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
