/**
 * The user administration calls (spec §7 /admin/*): paths, request bodies and responses. The
 * portal's forms and the backend validate with these very schemas.
 */
import { z } from 'zod';
import { VALIDATION } from '../texts';
import { isSystemUsername, SYSTEM_USER_TEXT, USER_TYPE, USER_TYPE_NAMES } from '../user-types';
import { newPasswordSchema, usernameSchema } from './password.schema';
import { userAccessSchema, userViewSchema } from './user.schema';

export const ADMIN_API = {
  userTypes: '/admin/usertypes',
  users: '/admin/users',
  createUser: '/admin/createuser',
  saveUserChanges: '/admin/saveuserchanges',
  setPassword: '/admin/setpassword',
  changePassword: '/admin/changepassword',
  saveUserSiteCredentials: '/admin/saveusersitecredentials',
  /** The spec leaves reading a user's site credentials open: this lists them without passwords. */
  userSiteCredentials: '/admin/usersitecredentials',
  deleteUser: '/admin/deleteuser',
  apps: '/admin/apps',
} as const;

/** A MongoDB ObjectId as text: the id of a user. */
export const userIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'must be a user id');

const shortText = z.string().trim().max(200);
const currentPasswordSchema = z.string().min(1).max(200);

/** A form's verifyPassword must repeat its new password (spec §5); the mismatch shows on it. */
const verifies =
  <K extends string>(field: K) =>
  (form: Record<K | 'verifyPassword', string>) =>
    form.verifyPassword === form[field];
const VERIFY_MISMATCH = { message: VALIDATION.verifyMismatch, path: ['verifyPassword'] };

/** GET /admin/usertypes. */
export const userTypeSchema = z.object({ typeId: z.number().int(), name: z.enum(USER_TYPE_NAMES) });
export const userTypeListSchema = z.array(userTypeSchema);

/** GET /admin/users: users without any password (see userSchema). */
export const userListSchema = z.array(userViewSchema);

/** A person's new user name: not in the platform's service-user domain. */
const newUsernameSchema = usernameSchema.refine((name) => !isSystemUsername(name), {
  message: SYSTEM_USER_TEXT.reserved,
});

/** POST /admin/createuser. The new user starts disabled, with no access and no applications. */
export const createUserRequestSchema = z.object({
  username: newUsernameSchema,
  password: newPasswordSchema,
  usertype: z.enum(USER_TYPE_NAMES).default(USER_TYPE.BASIC),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** The new-user form: the request plus the verified password (spec §5). */
export const newUserFormSchema = z
  .object({
    username: newUsernameSchema,
    password: newPasswordSchema,
    verifyPassword: z.string(),
    usertype: z.enum(USER_TYPE_NAMES),
  })
  .refine(verifies('password'), VERIFY_MISMATCH);
export type NewUserForm = z.input<typeof newUserFormSchema>;

/** PATCH /admin/saveuserchanges {userdata}: what an administrator may change of a user. */
export const saveUserChangesRequestSchema = z.object({
  userdata: z.object({
    _id: userIdSchema,
    usertype: z.enum(USER_TYPE_NAMES),
    enabled: z.boolean(),
    access: userAccessSchema,
    applications: z.array(shortText).max(100),
  }),
});
export type SaveUserChangesRequest = z.infer<typeof saveUserChangesRequestSchema>;

/** PATCH /admin/setpassword: an administrator sets another user's password. */
export const setPasswordRequestSchema = z.object({
  username: usernameSchema,
  newPassword: newPasswordSchema,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

/** PATCH /admin/changepassword: a user changes their own password. */
export const changePasswordRequestSchema = z.object({
  username: usernameSchema,
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** A new password and its verification, as the Change Password accordions ask for them. */
export const passwordPairSchema = z
  .object({ newPassword: newPasswordSchema, verifyPassword: z.string() })
  .refine(verifies('newPassword'), VERIFY_MISMATCH);
export type PasswordPair = z.infer<typeof passwordPairSchema>;

/**
 * PATCH /admin/saveusersitecredentials {sitecredentials, username, company}. An empty password
 * keeps the stored one; an empty user name removes the store's credentials.
 */
export const saveUserSiteCredentialsRequestSchema = z.object({
  username: usernameSchema,
  company: z.number().int(),
  sitecredentials: z.object({
    storeId: z.number().int(),
    username: shortText,
    password: z.string().max(200).default(''),
  }),
});
export type SaveUserSiteCredentialsRequest = z.input<typeof saveUserSiteCredentialsRequestSchema>;

/** A user's credentials for one store as the browser sees them: never the password itself. */
export const siteCredentialSummarySchema = z.object({
  companyId: z.number().int(),
  storeId: z.number().int(),
  username: z.string(),
  passwordSet: z.boolean(),
});
export const siteCredentialSummaryListSchema = z.array(siteCredentialSummarySchema);
export type SiteCredentialSummary = z.infer<typeof siteCredentialSummarySchema>;

/** GET /admin/usersitecredentials?userId and DELETE /admin/deleteuser?userId. */
export const userIdQuerySchema = z.object({ userId: userIdSchema });

/** The answer of calls that only succeed or fail. */
export const successSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof successSchema>;

/** The User profile's Change Password form (spec §2 User profile, §5). */
export const profilePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    verifyPassword: z.string(),
  })
  .refine(verifies('newPassword'), VERIFY_MISMATCH);
export type ProfilePasswordForm = z.infer<typeof profilePasswordFormSchema>;
