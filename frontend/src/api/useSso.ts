/** Single sign-on (issue 27): whether it is on, and the callback's one-time code for a login. */
import {
  loginResultSchema,
  SSO_API,
  type SsoCompleteRequest,
  ssoStatusSchema,
} from '@store-cloud/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const ssoStatusQuery = () =>
  queryOptions({
    queryKey: ['portallogin', 'sso'] as const,
    queryFn: ({ signal }) => apiRequest(SSO_API.status, ssoStatusSchema, { signal }),
    // Configuration: it changes with a restart of the backend, not while the page is open.
    staleTime: Infinity,
  });

export const useSsoStatus = () => useQuery(ssoStatusQuery());

export const useSsoComplete = () =>
  useMutation({
    mutationFn: (request: SsoCompleteRequest) =>
      apiRequest(SSO_API.complete, loginResultSchema, { method: 'POST', body: request }),
  });
