import { expect, test } from '@playwright/test';
import { LOGIN_TEXT, ROUTES } from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { logIn, loginForm } from './support/portal-page';

test('a wrong password shows the failure toast and clears the fields', async ({ page }) => {
  await logIn(page, E2E.admin.username, `${E2E.admin.password}-wrong`);

  await expect(page.getByText(LOGIN_TEXT.failed)).toBeVisible();
  const form = loginForm(page);
  await expect(form.username).toHaveValue('');
  await expect(form.password).toHaveValue('');
  await expect(page).not.toHaveURL(new RegExp(`${ROUTES.home}$`));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an unknown user gets the same failure toast', async ({ page }) => {
  await logIn(page, 'nobody-here@storecloud.local', E2E.admin.password);
  await expect(page.getByText(LOGIN_TEXT.failed)).toBeVisible();
  await expect(loginForm(page).username).toHaveValue('');
});
