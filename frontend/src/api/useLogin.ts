import { API, type LoginRequest, loginResultSchema } from '@store-cloud/contracts';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

/** POST /portallogin: a token for an enabled account, {enabled:false} for a disabled one. */
export const useLogin = () =>
  useInvalidatingMutation([], (credentials: LoginRequest) =>
    apiRequest(API.login, loginResultSchema, { method: 'POST', body: credentials }),
  );
