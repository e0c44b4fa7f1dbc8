import { expect, test } from '@playwright/test';
import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  loginResultSchema,
  MENU_LABELS,
  TOAST,
  USER_ADMIN_LABELS as L,
  userViewSchema,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { chooseMenuEntry, logIn } from './support/portal-page';
import { uniqueUsername } from './support/users-db';

test("an admin sets a user's site credentials for a store; the password is never shown", async ({
  page,
  request,
}) => {
  const username = uniqueUsername('sitecred');
  const sitePassword = 'Site-Secret-77';
  const login = await request.post(E2E.backendUrl + API.login, { data: E2E.admin });
  const headers = { [ACCESS_TOKEN_HEADER]: loginResultSchema.parse(await login.json()).token! };
  const created = userViewSchema.parse(
    await (
      await request.post(E2E.backendUrl + ADMIN_API.createUser, {
        headers,
        data: { username, password: 'Sitecred-Pass1' },
      })
    ).json(),
  );
  const access = {
    all: false,
    companies: [
      {
        companyId: 101,
        companyName: 'Northway Fuels',
        stores: [{ storeId: 1, storeName: 'Harbour Road', enabled: true }],
      },
    ],
  };
  const saved = await request.patch(E2E.backendUrl + ADMIN_API.saveUserChanges, {
    headers,
    data: { userdata: { ...created, access } },
  });
  expect(saved.status()).toBe(200);

  await logIn(page, E2E.admin.username, E2E.admin.password);
  await chooseMenuEntry(page, MENU_LABELS.users);
  await page.getByLabel(L.search, { exact: true }).fill(username);
  await page.getByRole('button', { name: `${L.edit} ${username}` }).click();
  await page.getByRole('button', { name: USERS_TEXT.allowedCompanies }).click();
  await page.getByRole('button', { name: 'Northway Fuels (101)' }).click();
  await expect(page.getByLabel('Harbour Road (1)', { exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Harbour Road (1)' }).click();

  const modal = page.getByRole('dialog', { name: USERS_TEXT.siteCredentialsTitle(1) });
  await expect(modal).toBeVisible();
  const siteUser = modal.getByLabel(L.siteUsername, { exact: true });
  const sitePass = modal.getByLabel(L.sitePassword, { exact: true });
  await expect(siteUser).toHaveAttribute('placeholder', USERS_TEXT.notSetFor(username));
  await expect(sitePass).toHaveAttribute('placeholder', USERS_TEXT.notSetFor(username));
  await siteUser.fill('manager');
  await sitePass.fill(sitePassword);
  await modal.getByRole('button', { name: L.save }).click();
  await expect(page.getByText(TOAST.siteCredentials.success)).toBeVisible();
  await expect(modal).toBeHidden();

  // Opened again: the user name is there, the password only as "set".
  await page.getByRole('button', { name: 'Harbour Road (1)' }).click();
  await expect(siteUser).toHaveValue('manager');
  await expect(sitePass).toHaveValue('');
  await expect(sitePass).toHaveAttribute('placeholder', L.passwordSetPlaceholder);
  await modal.getByRole('button', { name: L.cancel }).click();

  const listed = await request.get(E2E.backendUrl + ADMIN_API.userSiteCredentials, {
    headers,
    params: { userId: created._id },
  });
  expect(await listed.json()).toEqual([
    { companyId: 101, storeId: 1, username: 'manager', passwordSet: true },
  ]);
  expect(await listed.text()).not.toContain(sitePassword);
});
