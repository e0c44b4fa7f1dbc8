import { ROUTES } from '@store-cloud/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { siteLogout } from '../api/useSite';
import {
  clearSession,
  parseActiveSite,
  readActiveSiteRaw,
  readToken,
} from '../auth/session-storage';

/** How long Logout waits for the store connection to close before it goes on regardless. */
const LEAVE_STORE_TIMEOUT_MS = 3000;

/**
 * Closes the connection to the active store, if any (issue 13: a Logout must not leave the store
 * locked until the idle timeout). A failure is only logged: local state goes anyway.
 */
async function leaveActiveStore(): Promise<void> {
  const site = parseActiveSite(readActiveSiteRaw());
  if (!site || !readToken()) return;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LEAVE_STORE_TIMEOUT_MS);
  try {
    await siteLogout({ company: site.companyId, store: site.storeId }, controller.signal);
  } catch (error) {
    console.error('Site logout failed', error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Logout (spec §2 Shell): close the store connection, then clear the active store and token,
 * drop cached data, go to /login.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void leaveActiveStore().finally(() => {
      clearSession();
      // Another user may log in next in this tab; nothing of this one's data may show.
      queryClient.clear();
      void navigate(ROUTES.login, { replace: true });
    });
  }, [navigate, queryClient]);
}
