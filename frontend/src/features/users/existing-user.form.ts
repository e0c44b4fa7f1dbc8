/**
 * Edit user for an existing user (spec §2): the administrator's changes, checked with the very
 * schema the backend validates PATCH /admin/saveuserchanges with.
 */
import {
  type RetailStore,
  saveUserChangesRequestSchema,
  type SaveUserChangesRequest,
  type UserView,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { companyStores } from './access';

/** The request's userdata without the id: the id is the edited user's, never a field. */
export const existingUserFormSchema = saveUserChangesRequestSchema.shape.userdata.omit({
  _id: true,
});
export type ExistingUserValues = z.input<typeof existingUserFormSchema>;
export type ExistingUserOutput = z.output<typeof existingUserFormSchema>;

/** The form starts from the user as the list (or the previous screen) holds it. */
export const existingUserValues = (user: UserView): ExistingUserValues => ({
  usertype: user.usertype,
  enabled: user.enabled,
  access: user.access,
  applications: user.applications,
});

/**
 * The save request: each company with every store the editor showed (the master data's with
 * the user's flags, see companyStores), so what was seen switched off is stored as off.
 */
export const saveUserChangesBody = (
  userId: string,
  values: ExistingUserOutput,
  master: readonly RetailStore[],
): SaveUserChangesRequest => ({
  userdata: {
    _id: userId,
    ...values,
    access: {
      ...values.access,
      companies: values.access.companies.map((c) => ({
        ...c,
        stores: companyStores(c, master),
      })),
    },
  },
});
