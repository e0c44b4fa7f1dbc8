import type { APIRequestContext } from '@playwright/test';
import { ADMIN_API, type UserTypeName, userViewSchema } from '@store-cloud/contracts';
import { adminApi } from './admin-api';
import { E2E } from './e2e-env';
import { uniqueUsername } from './users-db';

export interface RoleUser {
  username: string;
  password: string;
}

/**
 * A new enabled user of `usertype` with access to every company and the given applications,
 * made the way an administrator makes one: the seeded SUPER-ADMIN calls the admin API.
 */
export async function createRoleUser(
  request: APIRequestContext,
  usertype: UserTypeName,
  applications: string[],
): Promise<RoleUser> {
  const admin = await adminApi(request);
  const user = {
    username: uniqueUsername(usertype.toLowerCase()),
    password: 'Journey-Pass1',
  };
  const { _id } = await admin.call('POST', E2E.backendUrl + ADMIN_API.createUser, userViewSchema, {
    data: { ...user, usertype },
  });
  await admin.call('PATCH', E2E.backendUrl + ADMIN_API.saveUserChanges, userViewSchema, {
    data: {
      userdata: {
        _id,
        usertype,
        enabled: true,
        access: { all: true, companies: [] },
        applications,
      },
    },
  });
  return user;
}
