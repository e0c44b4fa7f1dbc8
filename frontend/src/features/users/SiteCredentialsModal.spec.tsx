/**
 * Site credentials for a store the server refuses (a store switched on but not saved yet): the
 * spec's failure text leads, and the server's reason follows, in the toast and in the modal.
 */
import {
  ADMIN_API,
  ERROR_CODE,
  TOAST,
  USER_ADMIN_LABELS as L,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SiteCredentialsModal } from './SiteCredentialsModal';

const REASON = 'The user has no access to this store';

describe('SiteCredentialsModal', () => {
  it("shows the server's reason when it refuses the credentials", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === ADMIN_API.saveUserSiteCredentials
          ? Response.json({ code: ERROR_CODE.validation, message: REASON }, { status: 400 })
          : Response.json([]),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <SiteCredentialsModal
        user={{ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', username: 'u@example.com' }}
        store={{ companyId: 101, storeId: 3 }}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: USERS_TEXT.siteCredentialsTitle(3) });
    await userEvent.type(within(dialog).getByLabelText(L.siteUsername), 'manager');
    await userEvent.click(within(dialog).getByRole('button', { name: L.save }));
    expect(
      await screen.findByText(`${TOAST.siteCredentials.error}: ${REASON}`),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(REASON)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});
