import { APP, MENU_LABELS, type Principal, ROUTES, USER_TYPE } from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MainMenu } from './MainMenu';

const renderMenu = (user: Principal) => {
  const onAbout = vi.fn();
  const onLogout = vi.fn();
  renderWithProviders(<MainMenu user={user} onAbout={onAbout} onLogout={onLogout} />, ROUTES.home);
  return { onAbout, onLogout };
};

describe('MainMenu', () => {
  it('names every entry by its label and links to its route', () => {
    renderMenu({ usertype: USER_TYPE.ADMIN, enabled: true, applications: [APP.messageManager] });
    expect(screen.getByRole('link', { name: MENU_LABELS.home })).toHaveAttribute(
      'href',
      ROUTES.home,
    );
    expect(screen.getByRole('link', { name: MENU_LABELS.users })).toHaveAttribute(
      'title',
      MENU_LABELS.users,
    );
    expect(screen.getByRole('link', { name: MENU_LABELS.message })).toHaveAttribute(
      'href',
      ROUTES.message,
    );
    expect(screen.getByRole('button', { name: MENU_LABELS.about })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MENU_LABELS.logout })).toBeInTheDocument();
  });

  it('hides the admin and application entries from a BASIC user', () => {
    renderMenu({ usertype: USER_TYPE.BASIC, enabled: true, applications: [] });
    for (const label of [
      MENU_LABELS.users,
      MENU_LABELS.companies,
      MENU_LABELS.status,
      MENU_LABELS.media,
    ]) {
      expect(screen.queryByRole('link', { name: label })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: MENU_LABELS.userProfile })).toBeInTheDocument();
  });

  it('opens About and logs out through its action entries', async () => {
    const { onAbout, onLogout } = renderMenu({
      usertype: USER_TYPE.BASIC,
      enabled: true,
      applications: [],
    });
    await userEvent.click(screen.getByRole('button', { name: MENU_LABELS.about }));
    expect(onAbout).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: MENU_LABELS.logout }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
