import { API, type LoginRequest, loginResultSchema } from '@store-cloud/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** POST /portallogin: a token for an enabled account, {enabled:false} for a disabled one. */
export const useLogin = () =>
  useMutation({
    mutationFn: (credentials: LoginRequest) =>
      apiRequest(API.login, loginResultSchema, { method: 'POST', body: credentials }),
  });
