import { z } from 'zod';
import { LOGIN_TEXT } from '../texts';
import { USER_TYPE_NAMES } from '../user-types';
import { mfaMethodSchema } from './mfa.schema';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, LOGIN_TEXT.usernameRequired).max(254),
  password: z.string().min(1, LOGIN_TEXT.passwordRequired).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * An enabled account gets a token. A disabled account gets success with enabled false and no
 * token, so the portal shows the disabled view and nothing can be called with it. An account with
 * a second factor gets no token but mfaRequired, an mfaToken (MFA_TOKEN_TTL_SECONDS) and its
 * methods, to complete at MFA_API.login or with a passkey (issue 27). mfaEnrolmentRequired: the
 * token only reaches the enrolment routes until a second factor is set up (MFA_REQUIRED_ROLES).
 */
export const loginResultSchema = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  enabled: z.boolean(),
  mfaRequired: z.literal(true).optional(),
  mfaToken: z.string().optional(),
  mfaMethods: z.array(mfaMethodSchema).optional(),
  mfaEnrolmentRequired: z.literal(true).optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** The access token's payload (spec §3): usertype, all, exp, user name, enabled. */
export const tokenPayloadSchema = z.object({
  sub: z.string(),
  name: z.string(),
  usertype: z.enum(USER_TYPE_NAMES),
  all: z.boolean(),
  enabled: z.boolean(),
  applications: z.array(z.string()),
  /**
   * The login's session and the user's token generation then (issue 23): a token is good only
   * while both are current. Absent only in the backend's own service tokens (system users).
   */
  sid: z.string().optional(),
  gen: z.number().int().optional(),
  /** MFA_REQUIRED_ROLES and no second factor yet: only @AllowDuringMfaEnrolment routes answer. */
  mfaEnrolment: z.literal(true).optional(),
  exp: z.number(),
  iat: z.number().optional(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
