import { z } from 'zod';
import { USER_TYPE_NAMES } from '../user-types';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'username is required').max(254),
  password: z.string().min(1, 'password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * An enabled account gets a token. A disabled account gets success with enabled false and no
 * token, so the portal shows the disabled view and nothing can be called with it.
 */
export const loginResultSchema = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  enabled: z.boolean(),
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
  exp: z.number(),
  iat: z.number().optional(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
