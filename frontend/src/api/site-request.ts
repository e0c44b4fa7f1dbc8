import { createApiClient } from './api-client';

/**
 * A refused site login (401 SITE_LOGIN_FAILED) or a closed site connection is about the store,
 * not the portal session: these calls (and the messages relayed to a site) must not log the user
 * out of the portal.
 */
export const siteRequest = createApiClient({ onUnauthorized: () => undefined });
