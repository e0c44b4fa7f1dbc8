import type { User } from '@store-cloud/contracts';

/**
 * What /edituser and /configuration carry in the router's location state (spec §2 Edit user):
 * the user to edit, or the new-user flag, together with the current user list.
 */
export interface EditUserState {
  user?: User;
  newUser?: boolean;
  users: User[];
}

export const readEditUserState = (state: unknown): EditUserState | null => {
  const s = state as Partial<EditUserState> | null;
  if (!s || !Array.isArray(s.users) || (!s.user && !s.newUser)) return null;
  return s as EditUserState;
};
