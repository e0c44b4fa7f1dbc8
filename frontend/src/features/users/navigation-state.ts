import type { UserView } from '@store-cloud/contracts';
import { useLocation, useParams } from 'react-router-dom';
import { useUsers } from '../../api/useUserAdmin';

/**
 * What /edituser and /configuration carry in the router's location state (spec §2 Edit user):
 * the user to edit (with unsaved edits), or the new-user flag, together with the current list.
 */
export interface EditUserState {
  user?: UserView;
  newUser?: boolean;
  users: UserView[];
}

export const readEditUserState = (state: unknown): EditUserState | null => {
  const s = state as Partial<EditUserState> | null;
  if (!s || !Array.isArray(s.users) || (!s.user && !s.newUser)) return null;
  return s as EditUserState;
};

export type EditTarget =
  { kind: 'loading' } | { kind: 'missing' } | ({ kind: 'ready' } & EditUserState);

/**
 * The user an /edituser/:id or /configuration/:id screen works on: the one the previous screen
 * handed over (it may hold unsaved edits), else, after a reload or from a link, the saved one
 * from the user list. /edituser without an id is the new user, handed over in the state.
 */
export function useEditTarget(): EditTarget {
  const { id } = useParams();
  const state = readEditUserState(useLocation().state);
  const users = useUsers();
  if (state && (!id || state.user?._id === id)) return { kind: 'ready', ...state };
  if (!id) return { kind: 'missing' };
  if (users.isPending) return { kind: 'loading' };
  const user = users.data?.find((u) => u._id === id);
  return user ? { kind: 'ready', user, users: users.data ?? [] } : { kind: 'missing' };
}
