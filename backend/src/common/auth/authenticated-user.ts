import type { Principal, UserTypeName } from '@store-cloud/contracts';

/** Who is calling, loaded fresh from the database for every request (see JwtStrategy). */
export interface AuthenticatedUser extends Principal {
  id: string;
  username: string;
  usertype: UserTypeName;
  /** access.all: sees every company and store. */
  all: boolean;
}
