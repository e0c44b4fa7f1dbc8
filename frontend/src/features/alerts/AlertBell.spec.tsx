import { ALERT_BELL_TEXT, INCIDENT_API, ROUTES } from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { AlertBell } from './AlertBell';
import { fakeCloud } from '../../test/fake-cloud';

const withOpen = (open: number) =>
  fakeCloud({ [`GET ${INCIDENT_API.openCount}`]: () => ({ open }) });

beforeEach(() => localStorage.setItem(STORAGE_KEY.token, makeToken()));

// Screens with forms and modals on a shared, busy machine: more than the 5 s default.
describe('AlertBell', { timeout: 20_000 }, () => {
  it('names the count of open incidents and leads to the Alerts screen', async () => {
    withOpen(3);
    renderWithProviders(<AlertBell />);
    // The first answer of a cold test file may take a while on a busy machine.
    const bell = await screen.findByRole(
      'link',
      { name: ALERT_BELL_TEXT.label(3) },
      { timeout: 5_000 },
    );
    expect(bell).toHaveAttribute('href', ROUTES.alerts);
    expect(bell).toHaveTextContent('3');
  });

  it('shows no number without open incidents, and caps a large one', async () => {
    withOpen(0);
    const { unmount } = renderWithProviders(<AlertBell />);
    expect(await screen.findByRole('link', { name: ALERT_BELL_TEXT.label(0) })).toHaveTextContent(
      '',
    );
    unmount();
    withOpen(250);
    renderWithProviders(<AlertBell />);
    expect(await screen.findByRole('link', { name: ALERT_BELL_TEXT.label(250) })).toHaveTextContent(
      `${ALERT_BELL_TEXT.maxShown}+`,
    );
  });
});
