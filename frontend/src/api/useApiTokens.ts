/** API tokens for integrations (issue 27 part 5), on the API Tokens screen. */
import {
  API_TOKEN_API,
  apiTokenListSchema,
  apiTokenPath,
  type CreateApiToken,
  createdApiTokenSchema,
  successSchema,
} from '@store-cloud/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const apiTokensQuery = () =>
  queryOptions({
    queryKey: ['portal', 'apitokens'] as const,
    queryFn: ({ signal }) => apiRequest(API_TOKEN_API.list, apiTokenListSchema, { signal }),
  });

export const useApiTokens = () => useQuery(apiTokensQuery());

/** The answer holds the token itself: the only time it is shown. */
export const useCreateApiToken = () =>
  useInvalidatingMutation([apiTokensQuery().queryKey], (token: CreateApiToken) =>
    apiRequest(API_TOKEN_API.list, createdApiTokenSchema, { method: 'POST', body: token }),
  );

export const useRevokeApiToken = () =>
  useInvalidatingMutation([apiTokensQuery().queryKey], (id: string) =>
    apiRequest(apiTokenPath(id), successSchema, { method: 'DELETE' }),
  );
