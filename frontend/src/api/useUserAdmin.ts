/** React-query hooks of the user administration (spec §7 /admin/*), each parsed with its contract. */
import {
  ADMIN_API,
  type ChangePasswordRequest,
  type CreateUserRequest,
  type SaveUserChangesRequest,
  type SaveUserSiteCredentialsRequest,
  type SetPasswordRequest,
  siteCredentialSummarySchema,
  successSchema,
  userViewSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { companiesQueries } from './companies.queries';
import { usersQueries } from './users.queries';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useUsers = () => useQuery(usersQueries.list());

export const useAdminApps = () => useQuery(usersQueries.apps());

export const useRetailStores = () => useQuery(companiesQueries.retailStores());

export const useUserSiteCredentials = (userId: string) =>
  useQuery(usersQueries.siteCredentials(userId));

const USERS = [usersQueries.list().queryKey];

export const useCreateUser = () =>
  useInvalidatingMutation(USERS, (body: CreateUserRequest) =>
    apiRequest(ADMIN_API.createUser, userViewSchema, { method: 'POST', body }),
  );

/** Spec §4: after saving user changes the company cache is refreshed too. */
export const useSaveUserChanges = () =>
  useInvalidatingMutation([...USERS, companiesQueries.config()], (body: SaveUserChangesRequest) =>
    apiRequest(ADMIN_API.saveUserChanges, userViewSchema, { method: 'PATCH', body }),
  );

export const useDeleteUser = () =>
  useInvalidatingMutation(USERS, (userId: string) =>
    apiRequest(ADMIN_API.deleteUser, successSchema, { method: 'DELETE', query: { userId } }),
  );

export const useSetPassword = () =>
  useInvalidatingMutation([], (body: SetPasswordRequest) =>
    apiRequest(ADMIN_API.setPassword, successSchema, { method: 'PATCH', body }),
  );

export const useChangePassword = () =>
  useInvalidatingMutation([], (body: ChangePasswordRequest) =>
    apiRequest(ADMIN_API.changePassword, successSchema, { method: 'PATCH', body }),
  );

export const useSaveUserSiteCredentials = (userId: string) =>
  useInvalidatingMutation(
    [usersQueries.siteCredentials(userId).queryKey],
    (body: SaveUserSiteCredentialsRequest) =>
      apiRequest(ADMIN_API.saveUserSiteCredentials, siteCredentialSummarySchema, {
        method: 'PATCH',
        body,
      }),
  );
