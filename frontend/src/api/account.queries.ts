/** Query factories of the signed-in user's own account: sessions, second factors, passkeys, SSO. */
import {
  activeSessionListSchema,
  MFA_API,
  mfaStatusSchema,
  PASSKEY_API,
  passkeyListSchema,
  SESSION_API,
  SSO_API,
  ssoStatusSchema,
} from '@store-cloud/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const accountQueries = {
  /** The caller's own portal sessions (issue 23). */
  sessions: () =>
    queryOptions({
      queryKey: ['portal', 'sessions'] as const,
      queryFn: ({ signal }) => apiRequest(SESSION_API.list, activeSessionListSchema, { signal }),
    }),
  mfaStatus: () =>
    queryOptions({
      queryKey: ['portal', 'mfa'] as const,
      queryFn: ({ signal }) => apiRequest(MFA_API.status, mfaStatusSchema, { signal }),
    }),
  passkeys: () =>
    queryOptions({
      queryKey: ['portal', 'passkeys'] as const,
      queryFn: ({ signal }) => apiRequest(PASSKEY_API.list, passkeyListSchema, { signal }),
    }),
  ssoStatus: () =>
    queryOptions({
      queryKey: ['portallogin', 'sso'] as const,
      queryFn: ({ signal }) => apiRequest(SSO_API.status, ssoStatusSchema, { signal }),
      // Configuration: it changes with a restart of the backend, not while the page is open.
      staleTime: Infinity,
    }),
};
