import { canUse, type MenuEntry, ROUTES } from '@store-cloud/contracts';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { NotAllowedPage } from './NotAllowedPage';
import { Shell } from './shell/Shell';
import { useLogout } from './useLogout';

/** Clears whatever is stored and goes to /login. */
function LogoutRedirect() {
  const logout = useLogout();
  useEffect(logout, [logout]);
  return null;
}

/**
 * Every route but the login ones needs a signed-in, enabled user (spec §2). Without one
 * (no token, or an invalid or expired one, or a 401 that cleared it) the shell logs out.
 */
export function SignedInLayout() {
  const user = useSession();
  if (!user || !user.enabled) return <LogoutRedirect />;
  // MFA_REQUIRED_ROLES: a token that may only set up a second factor goes nowhere else.
  if (user.mfaEnrolment) return <Navigate to={ROUTES.mfaEnrol} replace />;
  return <Shell user={user} />;
}

/** A screen behind a menu entry: a user who may not use it is told so, with a link home. */
export function RequireEntry({ entry, children }: { entry: MenuEntry; children: ReactNode }) {
  const user = useSession();
  if (!user) return <Navigate to={ROUTES.login} replace />;
  if (!canUse(entry, user)) return <NotAllowedPage />;
  return <>{children}</>;
}
