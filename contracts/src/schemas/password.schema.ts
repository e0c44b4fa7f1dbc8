import { z } from 'zod';
import { PASSWORD_MAX_BYTES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { withNameRule } from '../media-names';
import { VALIDATION } from '../texts';

/** A new password (spec §5): the same rule for the forms and the backend. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordLength)
  .max(PASSWORD_MAX_LENGTH, VALIDATION.passwordLength)
  .regex(/[0-9]/, VALIDATION.passwordNumber)
  .regex(/[a-z]/, VALIDATION.passwordLower)
  .regex(/[A-Z]/, VALIDATION.passwordUpper)
  .refine((v) => utf8Bytes(v) <= PASSWORD_MAX_BYTES, VALIDATION.passwordBytes);

/** The password's length as bcrypt counts it. */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** A user name is an e-mail address (spec §5). */
export const usernameSchema = withNameRule(z.string().trim(), 'user name')
  .toLowerCase()
  .pipe(z.email(VALIDATION.usernameEmail));
