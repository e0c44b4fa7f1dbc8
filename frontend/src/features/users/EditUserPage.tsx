import { ROUTES } from '@store-cloud/contracts';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ExistingUserForm } from './ExistingUserForm';
import { useEditTarget } from './navigation-state';
import { NewUserForm } from './NewUserForm';
import { ResetSecondFactor } from './ResetSecondFactor';
import { portalLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/**
 * Edit user (spec §2): a new user (/edituser, from the list's Add New User) or an existing one
 * (/edituser/:id, which survives a reload).
 */
export function EditUserPage() {
  const session = useSession();
  const portal = useTexts(portalLabelsSet);
  const location = useLocation();
  const target = useEditTarget();
  if (target.kind === 'loading') return <LoadingSpinner />;
  // Navigation arguments must not be missing (spec §5): without them, back to the list.
  if (target.kind === 'missing' || !session) return <Navigate to={ROUTES.users} replace />;
  return (
    <section>
      <h1 className="h3 mb-3">{target.user ? portal.editUserTitle : portal.newUserTitle}</h1>
      {target.user ? (
        <>
          <ExistingUserForm
            key={`${target.user._id}-${location.key}`}
            callerType={session.usertype}
            user={target.user}
            users={target.users}
          />
          <div className="mt-4">
            <ResetSecondFactor userId={target.user._id} username={target.user.name} />
          </div>
        </>
      ) : (
        <NewUserForm callerType={session.usertype} users={target.users} />
      )}
    </section>
  );
}
