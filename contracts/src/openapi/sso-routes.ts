import { loginResultSchema } from '../schemas/auth.schema';
import { SSO_API, ssoCallbackQuerySchema, ssoCompleteRequestSchema, ssoStatusSchema } from '../sso';
import type { ApiRoute } from './api-route';

/** Single sign-on (issue 27 part 4): public, as every step of a login is. */
export const SSO_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: SSO_API.status,
    tag: 'auth',
    summary: 'Whether single sign-on is configured, and the name of its button',
    security: [],
    answers: [{ status: 200, description: 'On or off', schema: ssoStatusSchema }],
  },
  {
    method: 'get',
    path: SSO_API.start,
    tag: 'auth',
    summary: "Start a single sign-on: a redirect to the identity provider's sign-in",
    description:
      'Records the flow (state, nonce, PKCE verifier) in the database and ties it to the browser ' +
      'with a cookie. When it cannot start, the redirect goes to the portal with error.',
    security: [],
    answers: [{ status: 302, description: 'To the provider, or to the portal with error' }],
  },
  {
    method: 'get',
    path: SSO_API.callback,
    tag: 'auth',
    summary: 'Where the identity provider sends the browser back',
    description:
      'Exchanges the code (PKCE), verifies the ID token, maps the groups claim (OIDC_ROLE_MAP), ' +
      'creates or updates the user, and redirects to the portal with a one-time code, or error.',
    security: [],
    query: ssoCallbackQuerySchema,
    answers: [{ status: 302, description: 'To the portal with code or error' }],
  },
  {
    method: 'post',
    path: SSO_API.complete,
    tag: 'auth',
    summary: "Exchange the callback's one-time code for the usual login answer",
    security: [],
    body: ssoCompleteRequestSchema,
    answers: [
      { status: 200, description: 'The access token, as a login', schema: loginResultSchema },
    ],
    // 401: an unknown, used or expired code, or another browser's; 404: SSO is not configured.
    errors: [401, 404],
  },
];
