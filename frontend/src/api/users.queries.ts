/** Query factories of the user administration (spec §7 /admin/*). */
import {
  ADMIN_API,
  applicationListSchema,
  siteCredentialSummaryListSchema,
  userListSchema,
} from '@store-cloud/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const usersQueries = {
  list: () =>
    queryOptions({
      queryKey: ['admin', 'users'] as const,
      queryFn: ({ signal }) => apiRequest(ADMIN_API.users, userListSchema, { signal }),
    }),
  apps: () =>
    queryOptions({
      queryKey: ['admin', 'apps'] as const,
      queryFn: ({ signal }) => apiRequest(ADMIN_API.apps, applicationListSchema, { signal }),
    }),
  siteCredentials: (userId: string) =>
    queryOptions({
      queryKey: ['admin', 'sitecredentials', userId] as const,
      queryFn: ({ signal }) =>
        apiRequest(ADMIN_API.userSiteCredentials, siteCredentialSummaryListSchema, {
          signal,
          query: { userId },
        }),
    }),
};
