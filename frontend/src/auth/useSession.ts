import type { TokenPayload } from '@store-cloud/contracts';
import { useSyncExternalStore } from 'react';
import { readToken, subscribeSession } from './session-storage';
import { sessionFromToken } from './token';

/**
 * The signed-in user, or null. Expiry is judged at each render, so a navigation after the
 * token's exp finds the user logged out.
 */
export function useSession(): TokenPayload | null {
  return sessionFromToken(useToken());
}

/** The stored portal token, or null; follows sign-in and sign-out. */
export const useToken = (): string | null =>
  useSyncExternalStore(subscribeSession, readToken, () => null);
