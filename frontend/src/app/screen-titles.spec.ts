import { MENU_LABELS, PORTAL_LABELS, ROUTES } from '@store-cloud/contracts';
import { describe, expect, it } from 'vitest';
import { screenTitle } from './screen-titles';

describe('screenTitle', () => {
  it('names each screen, also with an id in the path', () => {
    expect(screenTitle(ROUTES.home)).toBe(PORTAL_LABELS.screenTitle(MENU_LABELS.home));
    expect(screenTitle(ROUTES.editUserOf('abc'))).toBe(
      PORTAL_LABELS.screenTitle(PORTAL_LABELS.editUserTitle),
    );
    expect(screenTitle(ROUTES.editUser)).toBe(
      PORTAL_LABELS.screenTitle(PORTAL_LABELS.newUserTitle),
    );
    expect(screenTitle('/')).toBe(PORTAL_LABELS.screenTitle(PORTAL_LABELS.login));
    expect(screenTitle('/nowhere')).toBe(PORTAL_LABELS.appTitle);
  });

  it('names every screen of the portal', () => {
    const paths = Object.values(ROUTES).filter((r) => typeof r === 'string');
    for (const path of paths) expect(screenTitle(path), path).not.toBe(PORTAL_LABELS.appTitle);
  });
});
