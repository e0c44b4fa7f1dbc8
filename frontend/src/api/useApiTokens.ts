/** API tokens for integrations (issue 27 part 5), on the API Tokens screen. */
import {
  API_TOKEN_API,
  apiTokenPath,
  type CreateApiToken,
  createdApiTokenSchema,
  successSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminQueries } from './admin.queries';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useApiTokens = () => useQuery(adminQueries.apiTokens());

/** The answer holds the token itself: the only time it is shown. */
export const useCreateApiToken = () =>
  useInvalidatingMutation([adminQueries.apiTokens().queryKey], (token: CreateApiToken) =>
    apiRequest(API_TOKEN_API.list, createdApiTokenSchema, { method: 'POST', body: token }),
  );

export const useRevokeApiToken = () =>
  useInvalidatingMutation([adminQueries.apiTokens().queryKey], (id: string) =>
    apiRequest(apiTokenPath(id), successSchema, { method: 'DELETE' }),
  );
