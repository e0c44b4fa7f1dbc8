import bcrypt from 'bcrypt';
import { MongoClient } from 'mongodb';
import { USER_TYPE, type UserAccess, type UserTypeName } from '@store-cloud/contracts';
import { E2E } from './e2e-env';

export interface TestUser {
  username: string;
  password: string;
  enabled: boolean;
  usertype?: UserTypeName;
  /** None unless given. */
  access?: UserAccess;
}

/**
 * Puts a user straight into the stack's database, the way the backend stores one (DESIGN §3),
 * for states the admin API cannot create yet.
 */
export async function insertUser(user: TestUser): Promise<void> {
  const client = await MongoClient.connect(E2E.mongoUri);
  try {
    await client
      .db()
      .collection('users')
      .insertOne({
        username: user.username.toLowerCase(),
        passwordHash: await bcrypt.hash(user.password, 10),
        enabled: user.enabled,
        usertype: user.usertype ?? USER_TYPE.BASIC,
        access: user.access ?? { all: false, companies: [] },
        applications: [],
      });
  } finally {
    await client.close();
  }
}

/** A user name no earlier run has used, so a spec never depends on leftovers. */
export const uniqueUsername = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@storecloud.local`;
