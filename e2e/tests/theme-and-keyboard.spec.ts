/**
 * The portal's look and keyboard (issue 30): it follows the system's light or dark setting until
 * the user chooses one, keeps that choice, and axe finds no WCAG 2.1 A/AA violation on Home in
 * either theme; the keyboard's first stop is a skip link, and after a navigation the focus is on
 * the new screen's heading.
 */
import { expect, type Page, test } from '@playwright/test';
import { HOME_TEXT, MENU_LABELS, PORTAL_LABELS, ROUTES } from '@store-cloud/contracts';
import { accessibilityViolations } from './support/accessibility';
import { E2E } from './support/e2e-env';
import { chooseMenuEntry, logIn, shellHeader } from './support/portal-page';

const html = (page: Page) => page.locator('html');

async function chooseTheme(page: Page, label: string) {
  await shellHeader(page)
    .getByRole('button', { name: new RegExp(`^${PORTAL_LABELS.theme}:`) })
    .click();
  await page.getByRole('button', { name: label, exact: true }).click();
}

test('follows the system theme, keeps a chosen one, and has no axe violation in either', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  await expect(page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore })).toBeVisible();
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
  expect(await accessibilityViolations(page)).toEqual([]);

  await chooseTheme(page, PORTAL_LABELS.themeChoices.light);
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
  await page.reload();
  await expect(page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore })).toBeVisible();
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Back to the system's setting: the page follows the system again as it changes.
  await chooseTheme(page, PORTAL_LABELS.themeChoices.system);
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
});

test('the keyboard starts at a skip link, and a navigation puts focus on the heading', async ({
  page,
}) => {
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await expect(page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore })).toBeVisible();

  // A navigation moves focus on the next frame (useFocusScreenOnNavigate): let it land first, as
  // a person's first key press comes well after it.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: PORTAL_LABELS.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await chooseMenuEntry(page, MENU_LABELS.users);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
});
