import { loginResultSchema } from '../schemas/auth.schema';
import { successSchema } from '../schemas/admin.schema';
import {
  PASSKEY_API,
  passkeyListSchema,
  passkeyLoginOptionsRequestSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginRequestSchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  registerPasskeySchema,
  renamePasskeySchema,
} from '../schemas/passkey.schema';
import type { ApiRoute } from './api-route';

/**
 * Passkeys (issue 27 part 2): the caller's own (open to an enrolment-only token too), and the
 * public sign-in with one.
 */
export const PASSKEY_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: PASSKEY_API.list,
    tag: 'auth',
    summary: "The caller's own passkeys",
    security: ['accessToken'],
    answers: [
      { status: 200, description: 'The passkeys, oldest first', schema: passkeyListSchema },
    ],
  },
  {
    method: 'post',
    path: PASSKEY_API.registrationOptions,
    tag: 'auth',
    summary: 'Options for navigator.credentials.create(): a new challenge, good once for 5 minutes',
    security: ['accessToken'],
    answers: [
      {
        status: 200,
        description: 'WebAuthn creation options (JSON form)',
        schema: passkeyRegistrationOptionsSchema,
      },
    ],
    // 409: the caller has PASSKEY_MAX_PER_USER passkeys already.
    errors: [409],
  },
  {
    method: 'post',
    path: PASSKEY_API.list,
    tag: 'auth',
    summary: "Register a passkey: the authenticator's answer to the options, and a name",
    description:
      "Verified against the caller's challenge, WEBAUTHN_ORIGIN and WEBAUTHN_RP_ID (attestation " +
      "none). The first passkey adds 'passkey' to the user's second factors.",
    security: ['accessToken'],
    body: registerPasskeySchema,
    answers: [{ status: 201, description: 'The new passkey', schema: passkeySchema }],
    // 400 also: an answer that does not verify, or an expired or used challenge.
    errors: [409],
  },
  {
    method: 'patch',
    path: PASSKEY_API.one,
    tag: 'auth',
    summary: "Rename one of the caller's passkeys",
    security: ['accessToken'],
    body: renamePasskeySchema,
    answers: [{ status: 200, description: 'The renamed passkey', schema: passkeySchema }],
    errors: [404],
  },
  {
    method: 'delete',
    path: PASSKEY_API.one,
    tag: 'auth',
    summary:
      "Remove one of the caller's passkeys; the last one takes 'passkey' off its second factors",
    security: ['accessToken'],
    answers: [{ status: 200, description: 'Removed', schema: successSchema }],
    errors: [404],
  },
  {
    method: 'post',
    path: PASSKEY_API.loginOptions,
    tag: 'auth',
    summary:
      "Options for navigator.credentials.get(): a passkey alone, or with mfaToken that user's",
    security: [],
    body: passkeyLoginOptionsRequestSchema,
    answers: [
      {
        status: 200,
        description: 'WebAuthn request options (JSON form)',
        schema: passkeyLoginOptionsSchema,
      },
    ],
    // 401: an expired or foreign mfaToken; 409: its user has no passkey.
    errors: [401, 409],
  },
  {
    method: 'post',
    path: PASSKEY_API.login,
    tag: 'auth',
    summary: "Sign in with a passkey: alone, or as the second factor with the login's mfaToken",
    description:
      'Verifies the assertion (signature, challenge once, origin, relying party, user presence, ' +
      'user verification for a passkey alone, signature counter) and answers as a login. A ' +
      'failure counts in the login limits.',
    security: [],
    body: passkeyLoginRequestSchema,
    answers: [
      { status: 200, description: 'The access token, as any login', schema: loginResultSchema },
    ],
    errors: [401, 429],
  },
];
