import {
  PING_INITIAL_DELAY_MS,
  PING_PERIOD_MS,
  ROUTES,
  SITE_ERROR_CODE,
} from '@store-cloud/contracts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { siteLogout, siteTokenInfo } from '../../api/useSite';
import {
  clearActiveStore,
  parseActiveSite,
  readActiveSiteRaw,
  readSiteToken,
} from '../../auth/session-storage';
import { useSiteToken } from '../../auth/useActiveSite';
import { closesStoreConnection, TIMEOUT_REASON, TIMEOUT_REASON_PARAM } from './site-rules';

/**
 * Leaves the connected store (spec §4): the local site token and active store go at once, even
 * when the call fails; a failed logout is only logged.
 */
function leaveStore(): void {
  const site = parseActiveSite(readActiveSiteRaw());
  const hadToken = readSiteToken() !== null;
  clearActiveStore();
  if (!site || !hadToken) return;
  siteLogout({ company: site.companyId, store: site.storeId }).catch((error: unknown) =>
    console.error('Site logout failed', error),
  );
}

/** The backend closed the connection (idle, or an administrator): the site token is refused. */
const isConnectionClosed = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === SITE_ERROR_CODE.connectionClosed || error.status === 401);

/** /timeout, saying why when an administrator closed it (issue 30). */
const timeoutPath = (error: unknown) =>
  error instanceof ApiError && error.code === SITE_ERROR_CODE.connectionClosedByAdmin
    ? `${ROUTES.timeout}?${TIMEOUT_REASON_PARAM}=${TIMEOUT_REASON.admin}`
    : ROUTES.timeout;

/**
 * Mounted once in the signed-in shell: the route rule (entering /users, /companies,
 * /userprofile, /home or /status first leaves the store) and the ping loop (1 s, then every 5 s,
 * only while a site token exists), which notices a connection the backend closed and shows
 * /timeout.
 */
export function useStoreConnection(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const siteToken = useSiteToken();

  useEffect(() => {
    if (closesStoreConnection(pathname)) leaveStore();
    // The backend already closed it; cleared only on arrival, so the store page, which sends a
    // user without an active store to /login, is gone by then.
    else if (pathname === ROUTES.timeout) clearActiveStore();
  }, [pathname]);

  useEffect(() => {
    if (!siteToken) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const ping = async () => {
      try {
        await siteTokenInfo(siteToken, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isConnectionClosed(error)) {
          void navigate(timeoutPath(error), { replace: true });
          return;
        }
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void ping(), PING_PERIOD_MS);
    };
    timer = setTimeout(() => void ping(), PING_INITIAL_DELAY_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [siteToken, navigate]);
}
