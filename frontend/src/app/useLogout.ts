import { ROUTES } from '@store-cloud/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { portalLogout } from '../api/useSessions';
import {
  clearSession,
  parseActiveSite,
  readActiveSiteRaw,
  readToken,
} from '../auth/session-storage';

/** How long Logout waits for the backend before it goes on regardless. */
const LOGOUT_TIMEOUT_MS = 3000;

/**
 * GET /portallogout: ends this session on the backend, so the token is refused from now on
 * (issue 23), and closes the connection to the active store, if any (issue 13: a Logout must not
 * leave the store locked until the idle timeout). A failure is only logged: local state goes
 * anyway.
 */
async function endSession(): Promise<void> {
  if (!readToken()) return;
  const site = parseActiveSite(readActiveSiteRaw());
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOGOUT_TIMEOUT_MS);
  try {
    await portalLogout(
      site ? { company: site.companyId, store: site.storeId } : null,
      controller.signal,
    );
  } catch (error) {
    console.error('Logout failed', error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Logout (spec §2 Shell): end the session and close the store connection, then clear the active
 * store and token,
 * drop cached data, go to /login.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void endSession().finally(() => {
      clearSession();
      // Another user may log in next in this tab; nothing of this one's data may show.
      queryClient.clear();
      void navigate(ROUTES.login, { replace: true });
    });
  }, [navigate, queryClient]);
}
