import { expect, test } from '@playwright/test';
import {
  MENU_LABELS,
  ROUTES,
  TOAST,
  USER_ADMIN_LABELS as L,
  USERS_TEXT,
  VALIDATION,
} from '@store-cloud/contracts';
import { logIn, menuEntry } from './support/portal-page';
import { insertUser, uniqueUsername } from './support/users-db';

test('a user changes its password on the profile screen, after a wrong current password', async ({
  page,
}) => {
  const user = { username: uniqueUsername('profile'), password: 'Profile-Pass1', enabled: true };
  const newPassword = 'Profile-Pass2';
  await insertUser(user);

  await logIn(page, user.username, user.password);
  await menuEntry(page, MENU_LABELS.userProfile).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.userProfile}$`));
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await page.getByRole('button', { name: USERS_TEXT.changePassword }).click();

  const current = page.getByLabel(L.currentPassword, { exact: true });
  const next = page.getByLabel(L.newPassword, { exact: true });
  const verify = page.getByLabel(L.verifyPassword, { exact: true });
  const save = page.getByRole('button', { name: L.save, exact: true });

  // Live checks: nothing under 8 characters while typing, then the first broken rule.
  await next.fill('abcdefg');
  await expect(page.getByText(VALIDATION.passwordNumber)).toHaveCount(0);
  await next.fill('abcdefgh');
  await expect(page.getByText(VALIDATION.passwordNumber)).toBeVisible();
  await next.fill('abcdefgh1');
  await expect(page.getByText(VALIDATION.passwordUpper)).toBeVisible();
  await next.fill(newPassword);
  await expect(page.getByText(VALIDATION.passwordUpper)).toHaveCount(0);
  await verify.fill('Profile-Pass3');
  await expect(page.getByText(VALIDATION.verifyMismatch)).toBeVisible();
  await expect(save).toHaveCount(0);
  await verify.fill(newPassword);
  await expect(page.getByText(VALIDATION.verifyMismatch)).toHaveCount(0);

  await current.fill('Wrong-Pass9');
  await expect(save).toBeVisible();
  await save.click();
  await expect(page.getByText(VALIDATION.currentPasswordError)).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(save).toHaveCount(0);

  await current.fill(user.password);
  await save.click();
  await expect(page.getByText(TOAST.setPassword.success)).toBeVisible();
  // Every session ended with the old password (issue 23), this one too: log in with the new one.
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}$`));
  await logIn(page, user.username, newPassword);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
});
