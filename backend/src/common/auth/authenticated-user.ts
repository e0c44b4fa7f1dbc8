import type { ApiTokenScope, Principal, UserAccess, UserTypeName } from '@store-cloud/contracts';

/** Who is calling, loaded fresh from the database for every request (see JwtStrategy). */
export interface AuthenticatedUser extends Principal {
  id: string;
  username: string;
  usertype: UserTypeName;
  /** all: sees every company and store; otherwise only the listed companies and stores. */
  access: UserAccess;
  /** The portal login the token names (issue 23); none for the backend's own service tokens. */
  session?: { id: string; gen: number };
  /** The token may only set up a second factor (MFA_REQUIRED_ROLES; MfaEnrolmentGuard). */
  mfaEnrolment?: true;
  /**
   * Set when an integration's API token calls (issue 27): it acts for its creator, narrowed to
   * the token's companies, and reaches only routes whose @RequireEntry is one of its scopes.
   */
  apiToken?: { id: string; name: string; scopes: readonly ApiTokenScope[] };
}
