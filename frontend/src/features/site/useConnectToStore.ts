import { ERROR_CODE, ROUTES, STORE_STATUS, storeStateName } from '@store-cloud/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { siteConnect, siteLogin, siteLogout } from '../../api/useSite';
import {
  type ActiveSite,
  clearActiveStore,
  storeActiveSite,
  storeSiteToken,
} from '../../auth/session-storage';
import { ApiError } from '../../api/api-error';
import { homeTextSet, storeStateSet } from '../../i18n/sets/common';
import { textsNow } from '../../i18n/useTexts';

export interface ConnectState {
  /** The progress message while connecting, null when idle. */
  progress: string | null;
  error: string | null;
}

/**
 * The connection flow of spec §4: connect to the site, log in to its router, keep the site token
 * and the active store, open /store. A failed connect shows 'Failed to connect to site' (a store
 * another user holds: 'Cannot connect to store as it is currently connected'); a
 * refused login clears the active store; any other login error also closes the connection.
 */
export function useConnectToStore() {
  const navigate = useNavigate();
  const [state, setState] = useState<ConnectState>({ progress: null, error: null });

  const connect = useCallback(
    async (site: ActiveSite) => {
      const ref = { company: site.companyId, store: site.storeId };
      // The language of the moment: the texts are set as the steps happen.
      const text = textsNow(homeTextSet);
      setState({ progress: text.connectingToStore(site.storeName), error: null });
      try {
        await siteConnect(ref);
      } catch (error) {
        // Another user took the store meanwhile: the backend refuses with the spec's text.
        const taken = error instanceof ApiError && error.code === ERROR_CODE.conflict;
        setState({
          progress: null,
          error: taken
            ? text.cannotConnect(textsNow(storeStateSet)[storeStateName(STORE_STATUS.connected)])
            : text.failedToConnectSite,
        });
        return false;
      }
      storeActiveSite(site);
      setState({
        progress: text.loggingInToStore(site.storeName, site.companyName),
        error: null,
      });
      try {
        const { token } = await siteLogin(ref);
        storeSiteToken(token);
      } catch (error) {
        clearActiveStore();
        const refused = error instanceof ApiError && error.status === 401;
        if (!refused) {
          siteLogout(ref).catch((e: unknown) => console.error('Closing the site failed', e));
        }
        setState({
          progress: null,
          error: refused ? text.failedToLoginSiteRouter : text.failedToConnectSiteRouter,
        });
        return false;
      }
      setState({ progress: null, error: null });
      void navigate(ROUTES.store);
      return true;
    },
    [navigate],
  );

  return { ...state, connect, dismissError: () => setState((s) => ({ ...s, error: null })) };
}
