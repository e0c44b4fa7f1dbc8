import { z } from 'zod';
import { PRODUCT_NAME } from '../constants';
import { userIdSchema } from './admin.schema';

/**
 * Second factors (issue 27): TOTP with recovery codes (identity-mfa) and passkeys
 * (identity-passkeys). A user "has a second factor" when its `methods` are not empty.
 */
export const MFA_METHODS = ['totp', 'passkey'] as const;
export const mfaMethodSchema = z.enum(MFA_METHODS);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

export const MFA_API = {
  /** POST: completes a password login that answered mfaRequired, with a TOTP or recovery code. */
  login: '/portallogin/mfa',
  /** GET: the caller's own second factors. */
  status: '/portal/mfa',
  /** POST: a new TOTP secret to scan (replaces one not yet confirmed). */
  totpStart: '/portal/mfa/totp/start',
  /** POST: the first code confirms the secret; answers the recovery codes, shown once. */
  totpConfirm: '/portal/mfa/totp/confirm',
  /** POST: turns TOTP off (a TOTP or recovery code proves it is the owner). */
  totpDisable: '/portal/mfa/totp/disable',
  /** PATCH: an administrator clears a user's TOTP, recovery codes and passkeys. */
  adminReset: '/admin/resetusermfa',
} as const;

/** How long the mfaToken of a password login is good for completing it. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;
/** How many recovery codes a TOTP enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 10 characters of base32 shown as `xxxxx-xxxxx` (50 bits, once only). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-7]{10}$/;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** A typed code without spaces and dashes, upper-case: `abcde-fghij ` is `ABCDEFGHIJ`. */
export const normaliseMfaCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** The code fields' checks (forms and backend alike); part of MFA_TEXT. */
const MFA_CODE_CHECKS = {
  codeFormat: 'must be a 6-digit code or a recovery code',
  appCodeFormat: 'must be the 6-digit code of the app',
} as const;

const codeSchema = z
  .string()
  .max(64)
  .transform(normaliseMfaCode)
  .refine((c) => TOTP_CODE_PATTERN.test(c) || RECOVERY_CODE_PATTERN.test(c), {
    message: MFA_CODE_CHECKS.codeFormat,
  });
const totpCodeSchema = z
  .string()
  .max(64)
  .transform(normaliseMfaCode)
  .refine((c) => TOTP_CODE_PATTERN.test(c), { message: MFA_CODE_CHECKS.appCodeFormat });

export const mfaLoginRequestSchema = z.object({
  mfaToken: z.string().min(1, 'mfaToken is required').max(2000),
  code: codeSchema,
});
export type MfaLoginRequest = z.input<typeof mfaLoginRequestSchema>;

export const mfaStatusSchema = z.object({
  methods: z.array(mfaMethodSchema),
  /** Recovery codes not used yet (0 without TOTP). */
  recoveryCodesLeft: z.number().int().min(0),
  /** MFA_REQUIRED_ROLES names the caller's user type: it may not turn its last factor off. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const totpStartResultSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG QR code, a data: URL. */
  qrCode: z.string(),
});
export type TotpStartResult = z.infer<typeof totpStartResultSchema>;

export const totpConfirmRequestSchema = z.object({ code: totpCodeSchema });
export type TotpConfirmRequest = z.input<typeof totpConfirmRequestSchema>;

export const totpConfirmResultSchema = z.object({
  /** Shown once: only their hashes are stored. */
  recoveryCodes: z.array(z.string()),
});
export type TotpConfirmResult = z.infer<typeof totpConfirmResultSchema>;

export const totpDisableRequestSchema = z.object({ code: codeSchema });
export type TotpDisableRequest = z.input<typeof totpDisableRequestSchema>;

export const resetUserMfaRequestSchema = z.object({ userId: userIdSchema });
export type ResetUserMfaRequest = z.infer<typeof resetUserMfaRequestSchema>;

/** Every text of the second factor screens and answers. */
export const MFA_TEXT = {
  // Login's second step
  heading: 'Two-step sign-in',
  enterCode: 'Enter the 6-digit code from your authenticator app',
  enterRecoveryCode: 'Enter one of your recovery codes',
  codeLabel: 'Code',
  recoveryCodeLabel: 'Recovery code',
  useRecoveryCode: 'Use a recovery code',
  useAuthenticator: 'Use the authenticator app',
  verify: 'Verify',
  backToLogin: 'Back to login',
  wrongCode: 'The code is not right',
  codeUsed: 'This code was used already; wait for the next one',
  expired: 'The sign-in took too long; enter your password again',
  // Profile
  section: 'Two-step sign-in',
  loading: 'Loading two-step sign-in…',
  loadFailed: 'Failed to load two-step sign-in',
  off: 'Two-step sign-in is off.',
  on: 'Two-step sign-in with an authenticator app is on.',
  recoveryCodesLeft: (n: number) => `${n} recovery code${n === 1 ? '' : 's'} left`,
  setUp: 'Set up an authenticator app',
  scan: 'Scan this QR code with your authenticator app, or type the key, then enter its code.',
  qrAlt: 'QR code for the authenticator app',
  secretLabel: 'Key',
  confirm: 'Confirm',
  cancel: 'Cancel',
  enabled: 'Two-step sign-in is on',
  recoveryHeading: 'Recovery codes',
  recoveryNote:
    'Keep these codes somewhere safe. Each signs you in once when you have no authenticator. They are shown only now.',
  copy: 'Copy',
  copied: 'Recovery codes copied',
  download: 'Download',
  recoveryFileName: 'store-cloud-recovery-codes.txt',
  done: 'I have saved them',
  disable: 'Turn off',
  disableCodeLabel: 'A code from your app (or a recovery code) to turn it off',
  disabled: 'Two-step sign-in is off',
  requiredNote: 'Your account type requires a second factor.',
  failed: 'The change failed',
  // Forced enrolment (MFA_REQUIRED_ROLES)
  enrolTitle: 'Set up two-step sign-in',
  enrolNote:
    'Your account type requires a second factor. Set one up to continue; you will then sign in again with it.',
  signInAgain: 'Sign in again',
  enrolmentRequired: 'Set up a second factor first',
  // Administration
  adminReset: 'Reset second factor',
  adminResetConfirm: (user: string) =>
    `Remove every second factor of ${user} (authenticator app, recovery codes, passkeys)? The user signs in with the password alone and sets one up again.`,
  adminResetDone: 'Second factor reset',
  adminResetFailed: 'Failed to reset the second factor',
  adminResetNone: 'The user has no second factor',
  // Refusals
  notStarted: 'Start the set-up first',
  alreadyOn: 'Two-step sign-in is on already',
  notOn: 'Two-step sign-in is not on',
  stillRequired: 'Your account type requires a second factor: it cannot be turned off',
  issuer: PRODUCT_NAME,
  ...MFA_CODE_CHECKS,
} as const;
