/** React-query hooks of the user administration (spec §7 /admin/*), each parsed with its contract. */
import {
  ADMIN_API,
  applicationListSchema,
  type ChangePasswordRequest,
  COMPANY_API,
  type CreateUserRequest,
  retailStoreListSchema,
  type SaveUserChangesRequest,
  type SaveUserSiteCredentialsRequest,
  type SetPasswordRequest,
  siteCredentialSummaryListSchema,
  siteCredentialSummarySchema,
  successSchema,
  userListSchema,
  userViewSchema,
} from '@store-cloud/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

const KEY = {
  users: ['admin', 'users'] as const,
  apps: ['admin', 'apps'] as const,
  siteCredentials: (userId: string) => ['admin', 'sitecredentials', userId] as const,
  retailStores: ['portalconfig', 'retailstores'] as const,
};

export const useUsers = () =>
  useQuery({
    queryKey: KEY.users,
    queryFn: ({ signal }) => apiRequest(ADMIN_API.users, userListSchema, { signal }),
  });

export const useAdminApps = () =>
  useQuery({
    queryKey: KEY.apps,
    queryFn: ({ signal }) => apiRequest(ADMIN_API.apps, applicationListSchema, { signal }),
  });

export const useRetailStores = () =>
  useQuery({
    queryKey: KEY.retailStores,
    queryFn: ({ signal }) =>
      apiRequest(COMPANY_API.retailStores, retailStoreListSchema, { signal }),
  });

export const useUserSiteCredentials = (userId: string) =>
  useQuery({
    queryKey: KEY.siteCredentials(userId),
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_API.userSiteCredentials, siteCredentialSummaryListSchema, {
        signal,
        query: { userId },
      }),
  });

export const useCreateUser = () =>
  useInvalidatingMutation([KEY.users], (body: CreateUserRequest) =>
    apiRequest(ADMIN_API.createUser, userViewSchema, { method: 'POST', body }),
  );

/** Spec §4: after saving user changes the company cache is refreshed too. */
export const useSaveUserChanges = () =>
  useInvalidatingMutation([KEY.users, ['portalconfig']], (body: SaveUserChangesRequest) =>
    apiRequest(ADMIN_API.saveUserChanges, userViewSchema, { method: 'PATCH', body }),
  );

export const useDeleteUser = () =>
  useInvalidatingMutation([KEY.users], (userId: string) =>
    apiRequest(ADMIN_API.deleteUser, successSchema, { method: 'DELETE', query: { userId } }),
  );

export const useSetPassword = () =>
  useMutation({
    mutationFn: (body: SetPasswordRequest) =>
      apiRequest(ADMIN_API.setPassword, successSchema, { method: 'PATCH', body }),
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest(ADMIN_API.changePassword, successSchema, { method: 'PATCH', body }),
  });

export const useSaveUserSiteCredentials = (userId: string) =>
  useInvalidatingMutation([KEY.siteCredentials(userId)], (body: SaveUserSiteCredentialsRequest) =>
    apiRequest(ADMIN_API.saveUserSiteCredentials, siteCredentialSummarySchema, {
      method: 'PATCH',
      body,
    }),
  );
