/** Second factors (issue 27): the login's second step, the profile's TOTP set-up, the admin reset. */
import {
  loginResultSchema,
  MFA_API,
  type MfaLoginRequest,
  mfaStatusSchema,
  type ResetUserMfaRequest,
  successSchema,
  type TotpConfirmRequest,
  totpConfirmResultSchema,
  type TotpDisableRequest,
  totpStartResultSchema,
} from '@store-cloud/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const mfaStatusQuery = () =>
  queryOptions({
    queryKey: ['portal', 'mfa'] as const,
    queryFn: ({ signal }) => apiRequest(MFA_API.status, mfaStatusSchema, { signal }),
  });

export const useMfaStatus = () => useQuery(mfaStatusQuery());

/** POST /portallogin/mfa: public, like the password login it completes. */
export const useMfaLogin = () =>
  useMutation({
    mutationFn: (request: MfaLoginRequest) =>
      apiRequest(MFA_API.login, loginResultSchema, {
        method: 'POST',
        body: request,
        public: true,
      }),
  });

export const useStartTotp = () =>
  useMutation({
    mutationFn: () => apiRequest(MFA_API.totpStart, totpStartResultSchema, { method: 'POST' }),
  });

export const useConfirmTotp = () =>
  useInvalidatingMutation([mfaStatusQuery().queryKey], (request: TotpConfirmRequest) =>
    apiRequest(MFA_API.totpConfirm, totpConfirmResultSchema, { method: 'POST', body: request }),
  );

export const useDisableTotp = () =>
  useInvalidatingMutation([mfaStatusQuery().queryKey], (request: TotpDisableRequest) =>
    apiRequest(MFA_API.totpDisable, mfaStatusSchema, { method: 'POST', body: request }),
  );

export const useResetUserMfa = () =>
  useMutation({
    mutationFn: (request: ResetUserMfaRequest) =>
      apiRequest(MFA_API.adminReset, successSchema, { method: 'PATCH', body: request }),
  });
