import { expect, test } from '@playwright/test';
import { LOGIN_TEXT, ROUTES } from '@store-cloud/contracts';
import { expectLoginScreen, logIn } from './support/portal-page';
import { insertUser, uniqueUsername } from './support/users-db';

test('a disabled account sees the disabled view and can return to login', async ({ page }) => {
  const user = { username: uniqueUsername('disabled'), password: 'Disabled-Pass1', enabled: false };
  await insertUser(user);

  await logIn(page, user.username, user.password);

  await expect(page.getByText(LOGIN_TEXT.disabled)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.getByRole('button', { name: LOGIN_TEXT.returnToLogin }).click();
  await expectLoginScreen(page);
  await expect(page).not.toHaveURL(new RegExp(`${ROUTES.home}$`));
});
