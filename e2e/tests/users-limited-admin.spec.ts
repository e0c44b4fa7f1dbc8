import { expect, test } from '@playwright/test';
import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  DEMO_FLEET,
  loginResultSchema,
  MENU_LABELS,
  TOAST,
  USER_ADMIN_LABELS,
  USER_TYPE,
  userListSchema,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { chooseMenuEntry, logIn } from './support/portal-page';
import { insertUser, uniqueUsername } from './support/users-db';

const COMPANY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
const [STORE] = COMPANY.stores;

test('a company-limited admin creates a user, which stays in its company for the edit that follows', async ({
  page,
  request,
}) => {
  const admin = { username: uniqueUsername('limited-admin'), password: 'Limited-Pass1' };
  await insertUser({
    ...admin,
    enabled: true,
    usertype: USER_TYPE.ADMIN,
    access: {
      all: false,
      companies: [
        {
          companyId: COMPANY.companyId,
          companyName: COMPANY.companyName,
          stores: COMPANY.stores.map((s) => ({
            storeId: s.storeId,
            storeName: s.storeName,
            enabled: true,
          })),
        },
      ],
    },
  });
  const user = { username: uniqueUsername('limited-created'), password: 'Created-Pass1' };

  await logIn(page, admin.username, admin.password);
  await chooseMenuEntry(page, MENU_LABELS.users);
  await page.getByRole('button', { name: USERS_TEXT.addNewUser }).click();
  await page.getByLabel(USER_ADMIN_LABELS.username, { exact: true }).fill(user.username);
  await page.getByLabel(USER_ADMIN_LABELS.newPassword, { exact: true }).fill(user.password);
  await page.getByLabel(USER_ADMIN_LABELS.verifyPassword, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: USERS_TEXT.createUser }).click();
  await expect(page.getByText(TOAST.createUser.success)).toBeVisible();

  // Editing the new user: it is in the admin's company, which offers its stores.
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await page.getByLabel(USER_ADMIN_LABELS.enabled, { exact: true }).check();
  await page.getByRole('button', { name: USERS_TEXT.allowedCompanies }).click();
  await page.getByRole('button', { name: `${COMPANY.companyName} (${COMPANY.companyId})` }).click();
  await page.getByLabel(`${STORE!.storeName} (${STORE!.storeId})`, { exact: true }).check();
  await page.getByRole('button', { name: USER_ADMIN_LABELS.save, exact: true }).click();
  await expect(page.getByText(TOAST.editUser.success)).toBeVisible();

  const login = await request.post(E2E.backendUrl + API.login, { data: admin });
  const token = loginResultSchema.parse(await login.json()).token!;
  const users = userListSchema.parse(
    await (
      await request.get(E2E.backendUrl + ADMIN_API.users, {
        headers: { [ACCESS_TOKEN_HEADER]: token },
      })
    ).json(),
  );
  const saved = users.find((u) => u.username === user.username)!;
  expect(saved).toMatchObject({ enabled: true, access: { all: false } });
  expect(saved.access.companies.map((c) => c.companyId)).toEqual([COMPANY.companyId]);
  expect(saved.access.companies[0]!.stores.filter((s) => s.enabled).map((s) => s.storeId)).toEqual([
    STORE!.storeId,
  ]);
});
