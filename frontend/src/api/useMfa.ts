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
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from './account.queries';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useMfaStatus = () => useQuery(accountQueries.mfaStatus());

/** POST /portallogin/mfa: public, like the password login it completes. */
export const useMfaLogin = () =>
  useInvalidatingMutation([], (request: MfaLoginRequest) =>
    apiRequest(MFA_API.login, loginResultSchema, { method: 'POST', body: request, public: true }),
  );

export const useStartTotp = () =>
  useInvalidatingMutation([], () =>
    apiRequest(MFA_API.totpStart, totpStartResultSchema, { method: 'POST' }),
  );

export const useConfirmTotp = () =>
  useInvalidatingMutation([accountQueries.mfaStatus().queryKey], (request: TotpConfirmRequest) =>
    apiRequest(MFA_API.totpConfirm, totpConfirmResultSchema, { method: 'POST', body: request }),
  );

export const useDisableTotp = () =>
  useInvalidatingMutation([accountQueries.mfaStatus().queryKey], (request: TotpDisableRequest) =>
    apiRequest(MFA_API.totpDisable, mfaStatusSchema, { method: 'POST', body: request }),
  );

export const useResetUserMfa = () =>
  useInvalidatingMutation([], (request: ResetUserMfaRequest) =>
    apiRequest(MFA_API.adminReset, successSchema, { method: 'PATCH', body: request }),
  );
