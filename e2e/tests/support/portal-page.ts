import { expect, type Locator, type Page } from '@playwright/test';
import { PORTAL_LABELS } from '@store-cloud/contracts';

/** The login form of the portal, by the accessible names fixed in the contracts. */
export function loginForm(page: Page) {
  return {
    username: page.getByLabel(PORTAL_LABELS.username, { exact: true }),
    password: page.getByLabel(PORTAL_LABELS.password, { exact: true }),
    submit: page.getByRole('button', { name: PORTAL_LABELS.login, exact: true }),
  };
}

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
}

/** The shell's header (spec §2 Shell): logo, short version, menu. */
export const shellHeader = (page: Page): Locator => page.locator('header');

/** A menu entry: a link or a button whose accessible name is the MENU_LABELS text. */
export function menuEntry(page: Page, label: string): Locator {
  const header = shellHeader(page);
  return header
    .getByRole('link', { name: label, exact: true })
    .or(header.getByRole('button', { name: label, exact: true }));
}

export async function expectLoginScreen(page: Page): Promise<void> {
  const form = loginForm(page);
  await expect(form.username).toBeVisible();
  await expect(form.password).toBeVisible();
  await expect(form.submit).toBeVisible();
}
