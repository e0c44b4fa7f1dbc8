import { useMemo, useSyncExternalStore } from 'react';
import {
  type ActiveSite,
  parseActiveSite,
  readActiveSiteRaw,
  readSiteToken,
  subscribeSession,
} from './session-storage';

/** The connected site for the header, or null when no store is connected. */
export function useActiveSite(): ActiveSite | null {
  const raw = useSyncExternalStore(subscribeSession, readActiveSiteRaw, () => null);
  return useMemo(() => parseActiveSite(raw), [raw]);
}

/** The connected site's token, or null; follows connecting and leaving a store. */
export const useSiteToken = (): string | null =>
  useSyncExternalStore(subscribeSession, readSiteToken, () => null);
