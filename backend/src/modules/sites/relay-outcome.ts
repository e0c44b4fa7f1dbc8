import { SITE_ERROR_CODE } from '@store-cloud/contracts';
import { HttpError } from '@store-cloud/node-kit';

/** The relay's 202 for a call held for an offline store. */
export const isHeldAnswer = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { queued?: unknown }).queued === true;

/**
 * A failed relayed call as the relayed-calls metric labels it: a bounded word, never the
 * store, the path or the message.
 */
export function relayFailureOutcome(error: unknown): string {
  if (!(error instanceof HttpError)) return 'error';
  if (error.code === SITE_ERROR_CODE.storeOffline) return 'offline';
  if (error.code === SITE_ERROR_CODE.storeTimeout || error.code === SITE_ERROR_CODE.outcomeUnknown)
    return 'timeout';
  if (error.status === 502 || error.status === 503) return 'unreachable';
  if (error.status === 401 || error.status === 403) return 'refused';
  return 'error';
}
