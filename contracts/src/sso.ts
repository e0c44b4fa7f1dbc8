import { z } from 'zod';
import { LOGIN_TEXT } from './texts';

/**
 * Single sign-on with OpenID Connect (issue 27 part 4): the authorization code flow with PKCE
 * against the identity provider of OIDC_ISSUER. The portal asks whether it is on (status), sends
 * the browser to start, the provider sends it back to callback, and the backend hands the portal
 * a one-time code in the address (never a token), which complete exchanges for the usual login
 * answer.
 */
export const SSO_API = {
  status: '/portallogin/sso',
  start: '/portallogin/sso/start',
  callback: '/portallogin/sso/callback',
  complete: '/portallogin/sso/complete',
} as const;

/** The portal's screen the callback sends the browser to, with `code` or `error` in its query. */
export const SSO_PORTAL_ROUTE = '/login/sso';

/**
 * The cookie that ties a flow (and its one-time code) to the browser that started it, so a
 * callback address or a code handed to someone else signs nobody in (login CSRF). Path-limited
 * to the SSO routes; HttpOnly; SameSite=Lax so the provider's redirect back carries it.
 */
export const SSO_BROWSER_COOKIE = 'sc_sso';

/** How long a started flow may take at the provider, and how long a one-time code lives. */
export const SSO_FLOW_TTL_SECONDS = 600;
export const SSO_CODE_TTL_SECONDS = 60;

export const ssoStatusSchema = z.object({
  enabled: z.boolean(),
  /** The button's name for the provider (OIDC_LABEL); only when enabled. */
  label: z.string().optional(),
});
export type SsoStatus = z.infer<typeof ssoStatusSchema>;

/** What the provider sends back (RFC 6749 §4.1.2, OIDC Core §3.1.2.5); other fields pass on. */
export const ssoCallbackQuerySchema = z.looseObject({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
export type SsoCallbackQuery = z.infer<typeof ssoCallbackQuerySchema>;

export const ssoCompleteRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'code is required')
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'code is not a sign-in code'),
});
export type SsoCompleteRequest = z.infer<typeof ssoCompleteRequestSchema>;

/** Why a sign-in ended without a code: the callback's `error` in the portal's address. */
export const SSO_ERROR = {
  /** Single sign-on is not configured on this platform. */
  disabled: 'disabled',
  /** The provider could not be reached, or its discovery document names another issuer. */
  providerUnavailable: 'provider_unavailable',
  /** The provider answered the sign-in with an error (the user cancelled, access denied). */
  providerDenied: 'provider_denied',
  /** No flow started here matches (unknown, used or expired state, or another browser). */
  flowInvalid: 'flow_invalid',
  /** The provider's tokens were refused: issuer, audience, signature, nonce or PKCE. */
  tokenRefused: 'token_refused',
  /** The provider did not say who the user is by e-mail (the portal's user names are e-mails). */
  noEmail: 'no_email',
  /** The e-mail is already a user of the platform not linked to this sign-in. */
  usernameTaken: 'username_taken',
  /** The account exists but none of the user's groups gives access: an admin must enable it. */
  notMapped: 'not_mapped',
  /** The account exists and an administrator disabled it. */
  accountDisabled: 'account_disabled',
} as const;
export type SsoError = (typeof SSO_ERROR)[keyof typeof SSO_ERROR];
export const SSO_ERRORS = Object.values(SSO_ERROR) as SsoError[];

export const SSO_TEXT = {
  signInWith: (label: string) => `Sign in with ${label}`,
  or: 'or',
  completing: 'Signing you in…',
  codeInvalid: 'This sign-in has expired or was already used. Please sign in again.',
  notConfigured: 'Single sign-on is not configured',
  passwordLoginOff: 'This account signs in with single sign-on. Use the sign-in button instead.',
  errors: {
    disabled: 'Single sign-on is not configured on this portal.',
    provider_unavailable:
      'The identity provider could not be reached or is not the one configured. Please try again later or contact the system administrator.',
    provider_denied: 'The identity provider did not sign you in.',
    flow_invalid: 'This sign-in was not started here or has expired. Please sign in again.',
    token_refused:
      "The identity provider's answer could not be verified, so you were not signed in. Please contact the system administrator.",
    no_email: 'The identity provider did not give an e-mail address for your account.',
    username_taken:
      'An account with your e-mail address already exists and is not linked to single sign-on. Please contact the system administrator.',
    not_mapped:
      'Your account was created, but none of your groups gives access yet. An administrator must enable it.',
    account_disabled: LOGIN_TEXT.disabled,
  } satisfies Record<SsoError, string>,
} as const;
