import type { APIRequestContext } from '@playwright/test';
import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  loginResultSchema,
  type UserTypeName,
  userViewSchema,
} from '@store-cloud/contracts';
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
  const login = await request.post(E2E.backendUrl + API.login, { data: E2E.admin });
  const headers = { [ACCESS_TOKEN_HEADER]: loginResultSchema.parse(await login.json()).token! };
  const user = {
    username: uniqueUsername(usertype.toLowerCase()),
    password: 'Journey-Pass1',
  };
  const created = await request.post(E2E.backendUrl + ADMIN_API.createUser, {
    headers,
    data: { ...user, usertype },
  });
  if (created.status() !== 201) throw new Error(`createuser: ${created.status()}`);
  const { _id } = userViewSchema.parse(await created.json());
  const saved = await request.patch(E2E.backendUrl + ADMIN_API.saveUserChanges, {
    headers,
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
  if (saved.status() !== 200) throw new Error(`saveuserchanges: ${saved.status()}`);
  return user;
}
