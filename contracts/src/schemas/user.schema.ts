import { z } from 'zod';
import { USER_TYPE_NAMES } from '../user-types';

/** A store a user may open, inside one of their access companies (spec §3 Access company). */
export const accessStoreSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  enabled: z.boolean(),
});

export const accessCompanySchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  stores: z.array(accessStoreSchema),
});

/** all: every company and store; otherwise only the listed companies and stores. */
export const userAccessSchema = z.object({
  all: z.boolean(),
  companies: z.array(accessCompanySchema),
});

/** A portal user inside the backend (its id as text): never with a password or its hash. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  enabled: z.boolean(),
  usertype: z.enum(USER_TYPE_NAMES),
  access: userAccessSchema,
  applications: z.array(z.string()),
});

/** An application as GET /portalconfig/apps and GET /admin/apps list it. */
export const applicationSchema = z.object({
  name: z.string(),
  systemApp: z.boolean(),
  siteApp: z.boolean(),
});
export const applicationListSchema = z.array(applicationSchema);

export type AccessStore = z.infer<typeof accessStoreSchema>;
export type AccessCompany = z.infer<typeof accessCompanySchema>;
export type UserAccess = z.infer<typeof userAccessSchema>;
export type User = z.infer<typeof userSchema>;

/**
 * A user as the API answers it, in the field names of the spec's data model (portal-core, data
 * model: User): _id, and name (the user name, as in the access token), never a password.
 */
export const userViewSchema = userSchema
  .omit({ id: true })
  .extend({ _id: z.string(), name: z.string() });
export type UserView = z.infer<typeof userViewSchema>;
export const toUserView = ({ id, ...user }: User): UserView => ({
  _id: id,
  ...user,
  name: user.username,
});
