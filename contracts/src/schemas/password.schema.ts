import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { VALIDATION } from '../texts';

/** A new password (spec §5): the same rule for the forms and the backend. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordLength)
  .max(PASSWORD_MAX_LENGTH, VALIDATION.passwordLength)
  .regex(/[0-9]/, VALIDATION.passwordNumber)
  .regex(/[a-z]/, VALIDATION.passwordLower)
  .regex(/[A-Z]/, VALIDATION.passwordUpper);

/** A user name is an e-mail address (spec §5). */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(VALIDATION.usernameEmail));
