/**
 * The portal's language (issue 30 item 6): the header's switch turns a screen German, the choice
 * outlives a reload, and switching back shows the spec's English texts again.
 */
import { expect, type Page, test } from '@playwright/test';
import { ALERTS_TEXT, HOME_TEXT, PORTAL_LABELS, ROUTES } from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { logIn, shellHeader } from './support/portal-page';

/** The Alerts heading in German (frontend/src/i18n/de/alerts.ts, incidents.title). */
const ALERTS_TITLE_DE = 'Warnungen';

async function chooseLanguage(page: Page, name: string) {
  // The switch is named "Language: …" in English and "Sprache: …" in German.
  await shellHeader(page)
    .getByRole('button', { name: /^(Language|Sprache):/ })
    .click();
  await page.getByRole('button', { name, exact: true }).click();
}

test('switching to German in the header shows German, and English again after switching back', async ({
  page,
}) => {
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await expect(page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore })).toBeVisible();
  await page.goto(ROUTES.alerts);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(ALERTS_TEXT.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await chooseLanguage(page, 'Deutsch');
  await expect(heading).toHaveText(ALERTS_TITLE_DE);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(heading).toHaveText(ALERTS_TITLE_DE);

  await chooseLanguage(page, 'English');
  await expect(heading).toHaveText(ALERTS_TEXT.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    shellHeader(page).getByRole('button', { name: new RegExp(`^${PORTAL_LABELS.language}:`) }),
  ).toBeVisible();
});
