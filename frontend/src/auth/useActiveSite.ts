import { useMemo, useSyncExternalStore } from 'react';
import {
  type ActiveSite,
  parseActiveSite,
  readActiveSiteRaw,
  subscribeSession,
} from './session-storage';

/** The connected site for the header, or null when no store is connected. */
export function useActiveSite(): ActiveSite | null {
  const raw = useSyncExternalStore(subscribeSession, readActiveSiteRaw, () => null);
  return useMemo(() => parseActiveSite(raw), [raw]);
}
