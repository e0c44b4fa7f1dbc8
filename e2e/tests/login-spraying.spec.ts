import { expect, test } from '@playwright/test';
import { API, HOME_TEXT, ROUTES, USER_TYPE } from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { logIn } from './support/portal-page';
import { createRoleUser } from './support/role-users';

/** Strangers' addresses (TEST-NET-3), as the portal server forwards them in X-Forwarded-For. */
const STRANGERS = Array.from({ length: 11 }, (_, i) => `203.0.113.${i + 1}`);
const GUESSES_EACH = 12;

test('strangers failing at a name from other addresses do not lock its owner out', async ({
  page,
  request,
}) => {
  const user = await createRoleUser(request, USER_TYPE.BASIC, []);

  // More wrong passwords at the name, through the portal server, than any one limit allows.
  for (const address of STRANGERS) {
    const statuses: number[] = [];
    for (let i = 0; i < GUESSES_EACH; i++) {
      const res = await request.post(E2E.portalUrl + API.login, {
        headers: { 'X-Forwarded-For': address },
        data: { username: user.username, password: `${user.password}-guess-${i}` },
      });
      statuses.push(res.status());
    }
    // Each stranger is stopped at its own address: the portal forwarded who it is.
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  }

  // The owner, in the browser from its own address, logs in and reaches Home.
  await logIn(page, user.username, user.password);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  await expect(
    page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore, exact: true }),
  ).toBeVisible();
});
