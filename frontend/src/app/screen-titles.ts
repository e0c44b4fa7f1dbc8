import { ROUTES } from '@store-cloud/contracts';
import { menuLabelsSet, portalLabelsSet } from '../i18n/sets/common';
import { timeoutTextSet } from '../i18n/sets/login';
import { mfaTextSet } from '../i18n/sets/users';
import { textsNow } from '../i18n/useTexts';

/** Each screen's name for the browser tab, by the first part of its path, in the page's language. */
const titles = (): Record<string, string> => {
  const portalLabels = textsNow(portalLabelsSet);
  const menuLabels = textsNow(menuLabelsSet);
  return {
    [ROUTES.login]: portalLabels.login,
    [ROUTES.home]: menuLabels.home,
    [ROUTES.media]: menuLabels.media,
    [ROUTES.proofOfPlay]: menuLabels.proofOfPlay,
    [ROUTES.message]: menuLabels.message,
    [ROUTES.bulkActions]: menuLabels.bulkActions,
    [ROUTES.sqlbackup]: menuLabels.sqlbackup,
    [ROUTES.backup]: menuLabels.backup,
    [ROUTES.users]: menuLabels.users,
    [ROUTES.companies]: menuLabels.companies,
    [ROUTES.status]: menuLabels.status,
    [ROUTES.audit]: menuLabels.audit,
    [ROUTES.alerts]: menuLabels.alerts,
    [ROUTES.alertRules]: menuLabels.alertRules,
    [ROUTES.webhooks]: menuLabels.webhooks,
    [ROUTES.apiTokens]: menuLabels.apiTokens,
    [ROUTES.userProfile]: menuLabels.userProfile,
    [ROUTES.editUser]: portalLabels.editUserTitle,
    [ROUTES.configuration]: portalLabels.configurationTitle,
    [ROUTES.store]: portalLabels.storeTitle,
    '/function': portalLabels.functionTitle,
    [ROUTES.timeout]: textsNow(timeoutTextSet).title,
    [ROUTES.mfaEnrol]: textsNow(mfaTextSet).heading,
  };
};

/** "Users · Store Cloud Portal" for /users, /edituser/:id, ...; the portal's name elsewhere. */
export function screenTitle(pathname: string): string {
  const portalLabels = textsNow(portalLabelsSet);
  // /edituser alone is the new user's form; /edituser/:id edits one.
  if (pathname.replace(/\/+$/, '') === ROUTES.editUser)
    return portalLabels.screenTitle(portalLabels.newUserTitle);
  const first = `/${pathname.split('/')[1] ?? ''}`;
  const screen = titles()[first] ?? (first === '/' ? portalLabels.login : undefined);
  return screen ? portalLabels.screenTitle(screen) : portalLabels.appTitle;
}
