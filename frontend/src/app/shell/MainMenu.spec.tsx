import {
  APP,
  MENU_LABELS,
  PORTAL_LABELS,
  type Principal,
  ROUTES,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MainMenu } from './MainMenu';

const renderMenu = (user: Principal, path: string = ROUTES.home) => {
  const onAbout = vi.fn();
  const onLogout = vi.fn();
  renderWithProviders(<MainMenu user={user} onAbout={onAbout} onLogout={onLogout} />, path);
  return { onAbout, onLogout };
};

describe('MainMenu', () => {
  it('names every entry by its label and links to its route', async () => {
    renderMenu({ usertype: USER_TYPE.ADMIN, enabled: true, applications: [APP.messageManager] });
    expect(screen.getByRole('link', { name: MENU_LABELS.home })).toHaveAttribute(
      'href',
      ROUTES.home,
    );
    // The label shows beside the icon on wide screens, not only as a tooltip.
    expect(screen.getByRole('link', { name: MENU_LABELS.home })).toHaveTextContent(
      MENU_LABELS.home,
    );
    // Administration entries sit in one dropdown.
    expect(screen.queryByRole('link', { name: MENU_LABELS.users })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: PORTAL_LABELS.adminMenu }));
    expect(screen.getByRole('link', { name: MENU_LABELS.users })).toHaveAttribute(
      'href',
      ROUTES.users,
    );
    expect(screen.getByRole('link', { name: MENU_LABELS.companies })).toBeVisible();
    expect(screen.getByRole('link', { name: MENU_LABELS.message })).toHaveAttribute(
      'href',
      ROUTES.message,
    );
    expect(screen.getByRole('button', { name: MENU_LABELS.about })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MENU_LABELS.logout })).toBeInTheDocument();
  });

  it('marks the current page, also inside the administration group', async () => {
    renderMenu({ usertype: USER_TYPE.ADMIN, enabled: true, applications: [] }, ROUTES.users);
    expect(screen.getByRole('link', { name: MENU_LABELS.home })).not.toHaveAttribute(
      'aria-current',
    );
    const group = screen.getByRole('button', { name: PORTAL_LABELS.adminMenu });
    expect(group).toHaveClass('active');
    await userEvent.click(group);
    expect(screen.getByRole('link', { name: MENU_LABELS.users })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('hides the admin and application entries from a BASIC user', () => {
    renderMenu({ usertype: USER_TYPE.BASIC, enabled: true, applications: [] });
    expect(screen.queryByRole('button', { name: PORTAL_LABELS.adminMenu })).toBeNull();
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
