import { APP, MENU_LABELS, type Principal, USER_TYPE } from '@store-cloud/contracts';
import { describe, expect, it } from 'vitest';
import { visibleMenuItems } from './menu-items';

const labels = (user: Principal) => visibleMenuItems(user, MENU_LABELS).map((item) => item.label);
const ALL_APPS = [APP.centralMediaServer, APP.messageManager, APP.dbBackup];

describe('visibleMenuItems', () => {
  it('gives a BASIC user without apps only Home, Alerts, About, User Profile and Logout', () => {
    expect(labels({ usertype: USER_TYPE.BASIC, enabled: true, applications: [] })).toEqual([
      MENU_LABELS.home,
      MENU_LABELS.alerts,
      MENU_LABELS.about,
      MENU_LABELS.userProfile,
      MENU_LABELS.logout,
    ]);
  });

  it('shows Media and Message by application, whatever the user type', () => {
    const shown = labels({ usertype: USER_TYPE.BASIC, enabled: true, applications: ALL_APPS });
    expect(shown).toContain(MENU_LABELS.media);
    expect(shown).toContain(MENU_LABELS.message);
    expect(shown).not.toContain(MENU_LABELS.backup);
    expect(shown).not.toContain(MENU_LABELS.users);
  });

  it.each([USER_TYPE.SUPPORT_ADMIN, USER_TYPE.ADMIN, USER_TYPE.SUPER_ADMIN])(
    'shows Users, Companies, Status, Alert Rules and Webhooks to %s',
    (usertype) => {
      const shown = labels({ usertype, enabled: true, applications: [] });
      expect(shown).toEqual(
        expect.arrayContaining([
          MENU_LABELS.users,
          MENU_LABELS.companies,
          MENU_LABELS.status,
          MENU_LABELS.alertRules,
          MENU_LABELS.webhooks,
        ]),
      );
    },
  );

  it('shows Db Backup only to a SUPER-ADMIN with the backup application', () => {
    expect(
      labels({ usertype: USER_TYPE.SUPER_ADMIN, enabled: true, applications: ALL_APPS }),
    ).toContain(MENU_LABELS.backup);
    expect(
      labels({ usertype: USER_TYPE.SUPER_ADMIN, enabled: true, applications: [] }),
    ).not.toContain(MENU_LABELS.backup);
    expect(
      labels({ usertype: USER_TYPE.ADMIN, enabled: true, applications: ALL_APPS }),
    ).not.toContain(MENU_LABELS.backup);
  });

  it('gives a disabled user nothing but Logout', () => {
    expect(
      labels({ usertype: USER_TYPE.SUPER_ADMIN, enabled: false, applications: ALL_APPS }),
    ).toEqual([MENU_LABELS.logout]);
  });

  it('keeps the spec order of entries', () => {
    expect(
      labels({ usertype: USER_TYPE.SUPER_ADMIN, enabled: true, applications: ALL_APPS }),
    ).toEqual(Object.values(MENU_LABELS));
  });
});
