import { ROUTES } from '@store-cloud/contracts';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { ExistingUserForm } from './ExistingUserForm';
import { readEditUserState } from './navigation-state';
import { NewUserForm } from './NewUserForm';

/** Edit user (spec §2): a new user or an existing one, carried in the location state. */
export function EditUserPage() {
  const session = useSession();
  const location = useLocation();
  const state = readEditUserState(location.state);
  // Navigation arguments must not be missing (spec §5): without them, back to the list.
  if (!state || !session) return <Navigate to={ROUTES.users} replace />;
  return (
    <section>
      <h1 className="h3 mb-3">Edit User</h1>
      {state.user ? (
        <ExistingUserForm
          key={`${state.user.id}-${location.key}`}
          callerType={session.usertype}
          user={state.user}
          users={state.users}
        />
      ) : (
        <NewUserForm callerType={session.usertype} users={state.users} />
      )}
    </section>
  );
}
