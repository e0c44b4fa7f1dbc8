/**
 * The Audit screen (issue 17 point 1): store connections made through the API show up for an
 * administrator, filtered by action and company, a page at a time.
 */
import { expect, test } from '@playwright/test';
import {
  ACCESS_TOKEN_HEADER,
  API,
  AUDIT_ACTION,
  AUDIT_PHRASE,
  AUDIT_TEXT,
  loginResultSchema,
  MENU_LABELS,
  SITE_API,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { chooseMenuEntry, logIn } from './support/portal-page';

const SITE = { company: 101, store: 2 };
const ROUNDS = 15;

async function backend(path: string, body: object, token?: string) {
  const response = await fetch(`${E2E.backendUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token && { [ACCESS_TOKEN_HEADER]: token }) },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}`).toBe(200);
  return response.json();
}

test('the Audit screen filters the trail by action and company and pages through it', async ({
  page,
}) => {
  const { token } = loginResultSchema.parse(await backend(API.login, E2E.admin));
  // The simulated store comes online shortly after the stack starts (409 until then).
  await expect
    .poll(
      async () =>
        (
          await fetch(`${E2E.backendUrl}${SITE_API.siteConnect}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', [ACCESS_TOKEN_HEADER]: token! },
            body: JSON.stringify(SITE),
          })
        ).status,
      { timeout: 30_000 },
    )
    .toBe(200);
  await backend(SITE_API.siteLogout, SITE, token!);
  // Each round writes a site.connect and a site.logout entry.
  for (let i = 0; i < ROUNDS; i++) {
    await backend(SITE_API.siteConnect, SITE, token!);
    await backend(SITE_API.siteLogout, SITE, token!);
  }

  await logIn(page, E2E.admin.username, E2E.admin.password);
  await chooseMenuEntry(page, MENU_LABELS.audit);
  await expect(page.getByRole('heading', { name: AUDIT_TEXT.title })).toBeVisible();
  const table = page.getByRole('table', { name: AUDIT_TEXT.table });
  // Entries read as sentences, never as action codes (issue 30 point 4).
  const signedOut = AUDIT_PHRASE[AUDIT_ACTION.siteLogout](E2E.admin.username, '').trim();
  await expect(table.getByRole('row').filter({ hasText: signedOut }).first()).toBeVisible();
  await expect(table).not.toContainText(AUDIT_ACTION.siteLogout);

  const filters = page.getByRole('form', { name: AUDIT_TEXT.filters });
  await filters.getByLabel(AUDIT_TEXT.action).selectOption(AUDIT_ACTION.siteLogout);
  await filters.getByLabel(AUDIT_TEXT.company).selectOption(String(SITE.company));
  await filters.getByRole('button', { name: AUDIT_TEXT.apply }).click();

  await page.getByLabel(AUDIT_TEXT.pageSize).selectOption('25');
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  // The previous page stays shown while the filtered one loads: wait for it.
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(Math.min(ROUNDS, 25));
  for (let i = 0; i < count; i++) {
    await expect(rows.nth(i).getByRole('cell').nth(2)).toContainText(signedOut);
    await expect(rows.nth(i).getByRole('cell').nth(1)).toHaveText(E2E.admin.username);
  }

  // Narrow further: nothing before the year 2000.
  await filters.getByLabel(AUDIT_TEXT.to).fill('01/01/2000 00:00');
  await filters.getByRole('button', { name: AUDIT_TEXT.apply }).click();
  await expect(page.getByText(AUDIT_TEXT.noEntries)).toBeVisible();

  // Reset shows everything again; with 25 a page there is a next page to go to.
  await filters.getByRole('button', { name: AUDIT_TEXT.reset }).click();
  await page.getByLabel(AUDIT_TEXT.pageSize).selectOption('25');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(rows.first()).toBeVisible();
  const firstPage = await rows.first().textContent();
  await page.getByRole('button', { name: AUDIT_TEXT.next }).click();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(rows.first()).not.toHaveText(firstPage ?? '');
});
