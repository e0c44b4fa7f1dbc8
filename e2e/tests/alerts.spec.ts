/**
 * Alerts (issue 26): an administrator sets a rule for offline stores on the Alert Rules screen,
 * a store goes offline through the simulator's control API, and the incident arrives live in the
 * header's bell (no reload) and on the Alerts screen, where it is acknowledged. Home shows it
 * beside the store. The store comes back and the incident resolves into the history.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  ALERT_BELL_TEXT,
  ALERT_KIND_LABEL,
  ALERT_RULE_API,
  ALERT_RULE_LIMITS,
  ALERT_RULES_TEXT,
  alertRuleListSchema,
  alertRulePath,
  ALERTS_TEXT,
  DEMO_FLEET,
  INCIDENT_BADGE_TEXT,
  INCIDENT_TITLE,
  MENU_LABELS,
  PORTAL_LABELS,
  successSchema,
} from '@store-cloud/contracts';
import { adminApi } from './support/admin-api';
import { E2E } from './support/e2e-env';
import { setStoreOnline } from './support/fleet';
import { chooseMenuEntry, logIn, shellHeader } from './support/portal-page';

const NORTHWAY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
// Not the store home-fleet takes offline (the last one), nor one other specs connect to.
const STORE = NORTHWAY.stores[2]!;
const RULE = `E2E offline ${Date.now()}`;
const TITLE = INCIDENT_TITLE['store-offline']({
  companyName: NORTHWAY.companyName,
  storeName: STORE.storeName,
  storeId: STORE.storeId,
});

/** The bell's count, read from its accessible name. */
async function bellCount(page: Page): Promise<number> {
  const bell = shellHeader(page).getByRole('link', { name: /^Alerts: / });
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) open/.exec(name)?.[1] ?? 0);
}

test.afterAll(async ({ playwright }) => {
  await setStoreOnline(NORTHWAY.companyId, STORE.storeId, true);
  // The rule goes, so later specs' stores going offline open nothing of this spec's.
  const request = await playwright.request.newContext();
  const admin = await adminApi(request);
  const rules = await admin.call(
    'GET',
    `${E2E.backendUrl}${ALERT_RULE_API.rules}?companyId=${NORTHWAY.companyId}`,
    alertRuleListSchema,
  );
  for (const rule of rules.filter((r) => r.name === RULE))
    await admin.call('DELETE', E2E.backendUrl + alertRulePath(rule.id), successSchema);
  await request.dispose();
});

test('an admin sets a rule, a store goes offline, and the incident arrives in the bell and on Alerts', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await chooseMenuEntry(page, MENU_LABELS.alertRules);
  await expect(page).toHaveTitle(PORTAL_LABELS.screenTitle(MENU_LABELS.alertRules));

  // The rule: offline stores of Northway, the shortest grace.
  await page
    .getByLabel(ALERT_RULES_TEXT.company, { exact: true })
    .selectOption(String(NORTHWAY.companyId));
  await page.getByRole('button', { name: ALERT_RULES_TEXT.add }).click();
  const form = page.getByRole('dialog', { name: ALERT_RULES_TEXT.newRule });
  await form.getByLabel(ALERT_RULES_TEXT.name, { exact: true }).fill(RULE);
  await expect(
    form.getByRole('checkbox', { name: ALERT_KIND_LABEL['store-offline'] }),
  ).toBeChecked();
  await form
    .getByLabel(ALERT_RULES_TEXT.graceSeconds)
    .fill(String(ALERT_RULE_LIMITS.graceMinSeconds));
  await form.getByRole('button', { name: ALERT_RULES_TEXT.save }).click();
  await expect(form).toBeHidden();
  await expect(
    page.getByRole('table', { name: ALERT_RULES_TEXT.table }).getByRole('row', { name: RULE }),
  ).toBeVisible();

  // The store drops; the page stays as it is: the count moves by the live push alone.
  await expect(shellHeader(page).getByRole('link', { name: /^Alerts: / })).toBeVisible();
  const before = await bellCount(page);
  await setStoreOnline(NORTHWAY.companyId, STORE.storeId, false);
  await expect
    .poll(() => bellCount(page), { timeout: 90_000, message: 'the bell counts the new incident' })
    .toBeGreaterThan(before);

  // The bell leads to Alerts, where the incident is open, linked to its store.
  const count = await bellCount(page);
  await shellHeader(page)
    .getByRole('link', { name: ALERT_BELL_TEXT.label(count) })
    .click();
  await expect(page).toHaveTitle(PORTAL_LABELS.screenTitle(MENU_LABELS.alerts));
  const open = page.getByRole('table', { name: ALERTS_TEXT.openTable });
  const row = open.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: ALERTS_TEXT.acknowledge }).click();
  await expect(row).toContainText(ALERTS_TEXT.acknowledgedBy(E2E.admin.username));

  // Its store on Home carries the badge.
  await row
    .getByRole('link', { name: ALERTS_TEXT.openStore(`${STORE.storeName} (${STORE.storeId})`) })
    .click();
  const storeRow = page
    .getByRole('table', { name: 'Stores' })
    .getByRole('row')
    .filter({ hasText: STORE.storeName });
  await expect(
    storeRow.getByRole('img', {
      name: INCIDENT_BADGE_TEXT.label(ALERT_KIND_LABEL['store-offline']),
    }),
  ).toBeVisible();

  // Back online: the incident resolves into the history.
  await setStoreOnline(NORTHWAY.companyId, STORE.storeId, true);
  await chooseMenuEntry(page, MENU_LABELS.alerts);
  await expect(
    page
      .getByRole('table', { name: ALERTS_TEXT.historyTable })
      .getByRole('row')
      .filter({ hasText: TITLE })
      .first(),
  ).toBeVisible({ timeout: 60_000 });
});
