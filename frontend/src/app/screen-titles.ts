import { MENU_LABELS, MFA_TEXT, PORTAL_LABELS, ROUTES, TIMEOUT_TEXT } from '@store-cloud/contracts';

/** Each screen's name for the browser tab, by the first part of its path. */
const TITLES: Record<string, string> = {
  [ROUTES.login]: PORTAL_LABELS.login,
  [ROUTES.home]: MENU_LABELS.home,
  [ROUTES.media]: MENU_LABELS.media,
  [ROUTES.proofOfPlay]: MENU_LABELS.proofOfPlay,
  [ROUTES.message]: MENU_LABELS.message,
  [ROUTES.bulkActions]: MENU_LABELS.bulkActions,
  [ROUTES.sqlbackup]: MENU_LABELS.sqlbackup,
  [ROUTES.backup]: MENU_LABELS.backup,
  [ROUTES.users]: MENU_LABELS.users,
  [ROUTES.companies]: MENU_LABELS.companies,
  [ROUTES.status]: MENU_LABELS.status,
  [ROUTES.audit]: MENU_LABELS.audit,
  [ROUTES.alerts]: MENU_LABELS.alerts,
  [ROUTES.alertRules]: MENU_LABELS.alertRules,
  [ROUTES.webhooks]: MENU_LABELS.webhooks,
  [ROUTES.apiTokens]: MENU_LABELS.apiTokens,
  [ROUTES.userProfile]: MENU_LABELS.userProfile,
  [ROUTES.editUser]: PORTAL_LABELS.editUserTitle,
  [ROUTES.configuration]: PORTAL_LABELS.configurationTitle,
  [ROUTES.store]: PORTAL_LABELS.storeTitle,
  [ROUTES.timeout]: TIMEOUT_TEXT.title,
  [ROUTES.mfaEnrol]: MFA_TEXT.heading,
  '/function': PORTAL_LABELS.functionTitle,
};

/** "Users · Store Cloud Portal" for /users, /edituser/:id, ...; the portal's name elsewhere. */
export function screenTitle(pathname: string): string {
  // /edituser alone is the new user's form; /edituser/:id edits one.
  if (pathname.replace(/\/+$/, '') === ROUTES.editUser)
    return PORTAL_LABELS.screenTitle(PORTAL_LABELS.newUserTitle);
  const first = `/${pathname.split('/')[1] ?? ''}`;
  const screen = TITLES[first] ?? (first === '/' ? PORTAL_LABELS.login : undefined);
  return screen ? PORTAL_LABELS.screenTitle(screen) : PORTAL_LABELS.appTitle;
}
