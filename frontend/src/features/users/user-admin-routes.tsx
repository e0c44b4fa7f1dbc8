import { type MenuEntry, ROUTES } from '@store-cloud/contracts';
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { RequireEntry } from '../../app/route-guards';
import { ConfigurationPage } from './ConfigurationPage';
import { EditUserPage } from './EditUserPage';
import { UserProfilePage } from './UserProfilePage';
import { UsersPage } from './UsersPage';

const SCREENS: { path: string; entry: MenuEntry; page: ReactElement }[] = [
  { path: ROUTES.users, entry: 'users', page: <UsersPage /> },
  // Editing a user and choosing their companies (configuration) are part of user administration.
  { path: ROUTES.editUser, entry: 'users', page: <EditUserPage /> },
  { path: ROUTES.editUserOf(':id'), entry: 'users', page: <EditUserPage /> },
  { path: ROUTES.configuration, entry: 'users', page: <ConfigurationPage /> },
  { path: ROUTES.configurationOf(':id'), entry: 'users', page: <ConfigurationPage /> },
  { path: ROUTES.userProfile, entry: 'userProfile', page: <UserProfilePage /> },
];

/** The user administration's routes (spec §2), each behind its menu entry's permission. */
export const USER_ADMIN_ROUTES = SCREENS.map(({ path, entry, page }) => (
  <Route key={path} path={path} element={<RequireEntry entry={entry}>{page}</RequireEntry>} />
));
