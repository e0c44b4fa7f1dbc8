import { expect, test } from '@playwright/test';
import { MENU_LABELS, ROUTES, SESSIONS_TEXT as T } from '@store-cloud/contracts';
import { expectLoginScreen, logIn, menuEntry } from './support/portal-page';
import { insertUser, uniqueUsername } from './support/users-db';

test('a user logged in twice sees both sessions on the profile, ends the other, and that browser is sent to the login', async ({
  browser,
}) => {
  const user = { username: uniqueUsername('sessions'), password: 'Sessions-Pass1', enabled: true };
  await insertUser(user);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const here = await first.newPage();
    const there = await second.newPage();
    for (const page of [here, there]) {
      await logIn(page, user.username, user.password);
      await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
    }

    await menuEntry(here, MENU_LABELS.userProfile).click();
    await expect(here.getByRole('heading', { name: T.heading })).toBeVisible();
    const rows = here.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: T.thisSession })).toHaveCount(1);

    await rows.filter({ hasNotText: T.thisSession }).getByRole('button', { name: T.end }).click();
    const dialog = here.getByRole('dialog', { name: T.confirmTitle });
    await expect(dialog.getByText(T.confirmEnd)).toBeVisible();
    await dialog.getByRole('button', { name: T.yes }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.filter({ hasText: T.thisSession })).toHaveCount(1);

    // The other browser is sent to the login: at once when its live connection closes with the
    // session, and at the latest when it next asks for a screen (its calls are refused).
    await there.goto(ROUTES.userProfile);
    await expect(there).toHaveURL(new RegExp(`${ROUTES.login}$`));
    await expectLoginScreen(there);
    // This one goes on.
    await here.reload();
    await expect(rows).toHaveCount(1);
  } finally {
    await first.close();
    await second.close();
  }
});
