import {
  MFA_TEXT,
  PASSKEY_TEXT,
  SESSIONS_TEXT,
  USER_ADMIN_LABELS,
  USER_FILTERS,
  type UserFilterKey,
  USERS_TEXT,
  VALIDATION,
} from '@store-cloud/contracts';
import { textSet } from '../text-set';
import { loginTextSet, ssoTextSet } from './login';

/** User administration, the profile, two-step sign-in and passkeys (also the login's). */
export const usersTextSet = textSet('users', 'users', USERS_TEXT, {
  confirmDelete: ['user'],
  siteCredentialsTitle: ['id'],
  notSetFor: ['name'],
});
export const userAdminLabelsSet = textSet('users', 'admin', USER_ADMIN_LABELS);
/** The Users filter's labels by key (USER_FILTERS also holds each filter's test). */
export const userFilterLabelsSet = textSet(
  'users',
  'filters',
  Object.fromEntries(USER_FILTERS.map((f) => [f.key, f.label])) as Record<UserFilterKey, string>,
);
export const sessionsTextSet = textSet('users', 'sessions', SESSIONS_TEXT);
export const mfaTextSet = textSet('users', 'mfa', MFA_TEXT, {
  recoveryCodesLeft: ['count'],
  adminResetConfirm: ['user'],
});
export const passkeyTextSet = textSet('users', 'passkeys', PASSKEY_TEXT, {
  confirmRemove: ['name'],
});
/** The forms' checks (spec §5), shown under the fields. */
export const validationSet = textSet('users', 'validation', VALIDATION);

export const usersSets = [
  usersTextSet,
  userAdminLabelsSet,
  userFilterLabelsSet,
  sessionsTextSet,
  mfaTextSet,
  passkeyTextSet,
  validationSet,
];

/**
 * Where a sign-in's, a profile's or a user form's messages may come from when they arrive as
 * English strings (a schema's check, the backend's refusal of a code or a passkey).
 */
export const accountMessageSets = [
  validationSet,
  mfaTextSet,
  passkeyTextSet,
  loginTextSet,
  ssoTextSet,
];
