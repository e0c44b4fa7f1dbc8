import { expect, test } from '@playwright/test';
import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  APP,
  HOME_TEXT,
  loginResultSchema,
  MENU_LABELS,
  PORTAL_LABELS,
  ROUTES,
  TOAST,
  USER_ADMIN_LABELS,
  USER_TYPE,
  userListSchema,
  USERS_TEXT,
  VALIDATION,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { adminMenu, chooseMenuEntry, logIn, menuEntry } from './support/portal-page';
import { uniqueUsername } from './support/users-db';

const COMPANY = { id: 101, name: 'Northway Fuels' };
const STORES = ['Harbour Road (1)', 'Mill Lane (2)'];
const APP_GATED = [MENU_LABELS.media, MENU_LABELS.backup, MENU_LABELS.users];
const ADMIN_ONLY = [MENU_LABELS.companies, MENU_LABELS.status];

test('an admin creates a user, gives it two stores and Message Manager, and the user sees only that', async ({
  page,
  request,
}) => {
  const user = { username: uniqueUsername('created'), password: 'Created-Pass1' };

  await logIn(page, E2E.admin.username, E2E.admin.password);
  await chooseMenuEntry(page, MENU_LABELS.users);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.users}$`));
  await page.getByRole('button', { name: USERS_TEXT.addNewUser }).click();

  // The new-user form: Create user stays disabled until everything is valid.
  const create = page.getByRole('button', { name: USERS_TEXT.createUser });
  await page.getByLabel(USER_ADMIN_LABELS.username, { exact: true }).fill('not-an-email');
  await page.getByLabel(USER_ADMIN_LABELS.newPassword, { exact: true }).focus();
  await expect(page.getByText(VALIDATION.usernameEmail)).toBeVisible();
  await expect(create).toBeDisabled();
  await page.getByLabel(USER_ADMIN_LABELS.username, { exact: true }).fill(user.username);
  await page.getByLabel(USER_ADMIN_LABELS.newPassword, { exact: true }).fill(user.password);
  await page.getByLabel(USER_ADMIN_LABELS.verifyPassword, { exact: true }).fill(user.password);
  // Exactly one type is active; BASIC is the default, and a SUPER-ADMIN is offered all four.
  await expect(page.getByRole('radio', { name: USER_TYPE.BASIC })).toBeChecked();
  await expect(page.getByRole('radio', { name: USER_TYPE.SUPER_ADMIN })).toBeVisible();
  await expect(page.getByRole('radio', { name: USER_TYPE.TLM })).toHaveCount(0);
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText(TOAST.createUser.success)).toBeVisible();

  // Now editing the new user: enable it, choose its company on the configuration screen.
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await page.getByLabel(USER_ADMIN_LABELS.enabled, { exact: true }).check();
  await page.getByRole('button', { name: USERS_TEXT.allowedCompanies }).click();
  await page.getByRole('button', { name: USERS_TEXT.addCompanies }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.configuration}/[0-9a-f]{24}$`));
  const available = page.locator('.card', { hasText: USERS_TEXT.companiesAvailable });
  const selected = page.locator('.card', { hasText: USERS_TEXT.companiesSelected });
  await available.getByText(`${COMPANY.name} (${COMPANY.id})`).click();
  await expect(selected.getByText(`${COMPANY.name} (${COMPANY.id})`)).toBeVisible();
  await page.getByRole('button', { name: USERS_TEXT.saveSelectedCompanies }).click();

  // Back on the edit screen with the saved company: switch on two of its stores.
  // The user's id is in the address: a reload keeps the screen and its (saved) user.
  await expect(page).toHaveURL(new RegExp(`${ROUTES.editUser}/[0-9a-f]{24}$`));
  await page.reload();
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await expect(page.getByLabel(USER_ADMIN_LABELS.enabled, { exact: true })).toBeChecked();
  await page.getByRole('button', { name: USERS_TEXT.allowedCompanies }).click();
  await page.getByRole('button', { name: `${COMPANY.name} (${COMPANY.id})` }).click();
  for (const store of STORES) await page.getByLabel(store, { exact: true }).check();
  await expect(page.getByLabel(USERS_TEXT.selectAllStores)).not.toBeChecked();

  await page.getByRole('button', { name: USERS_TEXT.allowedApplications }).click();
  await expect(page.getByText(USERS_TEXT.systemApplications)).toBeVisible();
  await page.getByRole('checkbox', { name: APP.messageManager, exact: true }).check();
  await page.getByRole('button', { name: USER_ADMIN_LABELS.save, exact: true }).click();
  await expect(page.getByText(TOAST.editUser.success)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.users}$`));
  // The address changes before the list replaces the edit screen: wait for the list itself.
  await expect(page.getByRole('heading', { name: MENU_LABELS.users, exact: true })).toBeVisible();

  // The list finds the user from part of its name (its own part: a retried run's user shares the
  // prefix), with its enabled tick.
  await page
    .getByLabel(USER_ADMIN_LABELS.search, { exact: true })
    .fill(user.username.split('@')[0]!);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toContainText(user.username);

  // What the backend stored.
  const login = await request.post(E2E.backendUrl + API.login, { data: E2E.admin });
  const token = loginResultSchema.parse(await login.json()).token!;
  const users = userListSchema.parse(
    await (
      await request.get(E2E.backendUrl + ADMIN_API.users, {
        headers: { [ACCESS_TOKEN_HEADER]: token },
      })
    ).json(),
  );
  const saved = users.find((u) => u.username === user.username)!;
  expect(saved).toMatchObject({
    enabled: true,
    usertype: USER_TYPE.BASIC,
    applications: [APP.messageManager],
    access: { all: false, companies: [{ companyId: COMPANY.id, companyName: COMPANY.name }] },
  });
  const enabledStores = saved.access.companies[0]!.stores.filter((s) => s.enabled);
  expect(enabledStores.map((s) => s.storeId)).toEqual([1, 2]);

  // The new user signs in and sees Message Manager, but none of the other gated entries.
  await menuEntry(page, MENU_LABELS.logout).click();
  await logIn(page, user.username, user.password);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  // Home lists its one company's two enabled stores, and not the company's third store.
  await expect(page.getByText(HOME_TEXT.selectStoreFor(COMPANY.name))).toBeVisible();
  for (const store of ['Harbour Road', 'Mill Lane']) {
    await expect(page.getByRole('cell', { name: store, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Station Square')).toHaveCount(0);
  await expect(menuEntry(page, MENU_LABELS.message)).toBeVisible();
  await expect(menuEntry(page, MENU_LABELS.home)).toBeVisible();
  // No administration entry at all: not even the group.
  await expect(adminMenu(page)).toHaveCount(0);
  for (const label of [...APP_GATED, ...ADMIN_ONLY]) {
    await expect(menuEntry(page, label)).toHaveCount(0);
  }
  // The user administration is closed to it, whatever the address bar says.
  await page.goto(ROUTES.users);
  await expect(page.getByRole('heading', { name: PORTAL_LABELS.notAllowedTitle })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('an admin deletes a user after confirming', async ({ page, request }) => {
  const username = uniqueUsername('to-delete');
  const login = await request.post(E2E.backendUrl + API.login, { data: E2E.admin });
  const token = loginResultSchema.parse(await login.json()).token!;
  const created = await request.post(E2E.backendUrl + ADMIN_API.createUser, {
    headers: { [ACCESS_TOKEN_HEADER]: token },
    data: { username, password: 'Delete-Pass1' },
  });
  expect(created.status()).toBe(201);

  await logIn(page, E2E.admin.username, E2E.admin.password);
  await chooseMenuEntry(page, MENU_LABELS.users);
  await page.getByLabel(USER_ADMIN_LABELS.filter).selectOption({ label: 'Disabled' });
  await page.getByLabel(USER_ADMIN_LABELS.search, { exact: true }).fill(username);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('button', { name: `${USER_ADMIN_LABELS.delete} ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: USER_ADMIN_LABELS.deleteUserTitle });
  await expect(dialog).toContainText(USERS_TEXT.confirmDelete(username));
  await dialog.getByRole('button', { name: USER_ADMIN_LABELS.yes }).click();
  await expect(page.getByText(TOAST.deleteUser.success)).toBeVisible();
  await expect(page.getByText(USER_ADMIN_LABELS.noUsers)).toBeVisible();
});
