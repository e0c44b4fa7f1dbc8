import { z } from 'zod';
import { PRODUCT_NAME } from '../constants';

/**
 * Passkeys (issue 27 point 2, WebAuthn): a signed-in user registers them on the profile page;
 * anyone may sign in with one alone (a discoverable credential), or use one as the second factor
 * after the password (with the login's mfaToken). Challenges are kept by the backend, single use.
 */
export const PASSKEY_API = {
  /** GET: the caller's passkeys. POST: registers one (the authenticator's answer and a name). */
  list: '/portal/passkeys',
  /** POST: the options for navigator.credentials.create(). */
  registrationOptions: '/portal/passkeys/options',
  /** PATCH: renames one of the caller's passkeys. DELETE: removes it. */
  one: '/portal/passkeys/{id}',
  /** POST (public): the options for navigator.credentials.get(); with mfaToken, that user's. */
  loginOptions: '/portallogin/passkey/options',
  /** POST (public): the authenticator's answer; completes with the usual login answer. */
  login: '/portallogin/passkey',
} as const;

/** The path of PATCH/DELETE PASSKEY_API.one for one passkey. */
export const passkeyPath = (id: string) => PASSKEY_API.one.replace('{id}', encodeURIComponent(id));

/** The relying party's name, which the browser shows when it asks for a passkey. */
export const PASSKEY_RP_NAME = PRODUCT_NAME;

/** At most this many passkeys per user. */
export const PASSKEY_MAX_PER_USER = 20;
/** A passkey's name: what its owner calls it ("Laptop", "YubiKey 5"). */
export const PASSKEY_NAME_MAX = 64;

/** A base64url string of the size WebAuthn messages come in (credential ids up to 1023 bytes). */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/** The name's checks (forms and backend alike); part of PASSKEY_TEXT. */
const PASSKEY_NAME_CHECKS = {
  nameRequired: 'A name is required',
  nameTooLong: `At most ${PASSKEY_NAME_MAX} characters`,
} as const;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, PASSKEY_NAME_CHECKS.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_NAME_CHECKS.nameTooLong);

/** The WebAuthn authenticator transports a credential may report. */
const transportsSchema = z.array(z.string().max(32)).max(10);

/** What the browser's navigator.credentials.create() answered (@simplewebauthn/browser's JSON). */
export const registrationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** What the browser's navigator.credentials.get() answered. */
export const authenticationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(65536),
    signature: base64url(4096),
    userHandle: base64url(512).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** POST PASSKEY_API.list: the new passkey's name and the authenticator's answer. */
export const registerPasskeySchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export type RegisterPasskey = z.infer<typeof registerPasskeySchema>;

/** PATCH PASSKEY_API.one. */
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export type RenamePasskey = z.infer<typeof renamePasskeySchema>;

export const passkeyIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/i, 'must be a passkey id'),
});

/** POST PASSKEY_API.loginOptions: without mfaToken, a sign-in with the passkey alone. */
export const passkeyLoginOptionsRequestSchema = z.object({
  mfaToken: z.string().min(1).max(2000).optional(),
});
export type PasskeyLoginOptionsRequest = z.infer<typeof passkeyLoginOptionsRequestSchema>;

/** POST PASSKEY_API.login. */
export const passkeyLoginRequestSchema = z.object({
  mfaToken: z.string().min(1).max(2000).optional(),
  response: authenticationResponseSchema,
});
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;

/** One passkey as its owner sees it: never its public key. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO times; lastUsedAt null until it signs in once. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by its provider (a cloud keychain) rather than bound to one device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);

const credentialDescriptorSchema = z.looseObject({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** The options for navigator.credentials.create() (WebAuthn's JSON form; more fields may come). */
export const passkeyRegistrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** The options for navigator.credentials.get(). */
export const passkeyLoginOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});
export type PasskeyLoginOptions = z.infer<typeof passkeyLoginOptionsSchema>;

/** What the user reads about passkeys (profile page, login page, the login's second step). */
export const PASSKEY_TEXT = {
  heading: 'Passkeys',
  intro:
    'Sign in with your fingerprint, face, screen lock or a security key instead of your password.',
  loading: 'Loading passkeys…',
  loadFailed: 'Failed to load passkeys',
  empty: 'No passkeys yet',
  add: 'Add a passkey',
  nameLabel: 'Name',
  namePlaceholder: 'e.g. Laptop, Phone, Security key',
  register: 'Create passkey',
  cancel: 'Cancel',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never',
  synced: 'Synced',
  rename: 'Rename',
  save: 'Save',
  remove: 'Remove',
  confirmTitle: 'Remove passkey',
  confirmRemove: (name: string) => `Remove the passkey "${name}"? It can no longer sign you in.`,
  no: 'No',
  yes: 'Yes',
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  addFailed: 'The passkey was not added',
  renameFailed: 'Failed to rename the passkey',
  removeFailed: 'Failed to remove the passkey',
  unsupported: 'This browser cannot use passkeys here',
  cancelled: 'The passkey request was cancelled or timed out',
  signIn: 'Sign in with a passkey',
  useInstead: 'Use a passkey',
  secondStep: 'Confirm with your passkey: your fingerprint, face, screen lock or security key.',
  failed: 'Failed to sign in with the passkey',
  // Backend refusals (their messages reach the portal as they are).
  tooMany: `At most ${PASSKEY_MAX_PER_USER} passkeys per user`,
  notFound: 'No such passkey',
  challengeExpired: 'The passkey request expired; try again',
  notVerified: 'The passkey could not be verified',
  alreadyRegistered: 'This passkey is already registered',
  noPasskey: 'This account has no passkey',
  ...PASSKEY_NAME_CHECKS,
} as const;
