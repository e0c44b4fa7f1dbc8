/** Single sign-on (issue 27): whether it is on, and the callback's one-time code for a login. */
import { loginResultSchema, SSO_API, type SsoCompleteRequest } from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from './account.queries';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useSsoStatus = () => useQuery(accountQueries.ssoStatus());

export const useSsoComplete = () =>
  useInvalidatingMutation([], (request: SsoCompleteRequest) =>
    apiRequest(SSO_API.complete, loginResultSchema, { method: 'POST', body: request }),
  );
