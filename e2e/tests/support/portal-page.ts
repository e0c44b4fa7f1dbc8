import { expect, type Locator, type Page } from '@playwright/test';
import { MENU_LABELS, PORTAL_LABELS } from '@store-cloud/contracts';

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

/** The entries the header groups under its Administration dropdown (wide screens). */
export const ADMIN_ENTRIES: readonly string[] = [
  MENU_LABELS.users,
  MENU_LABELS.companies,
  MENU_LABELS.status,
  MENU_LABELS.audit,
  MENU_LABELS.backup,
  MENU_LABELS.alertRules,
  MENU_LABELS.webhooks,
];

/** The header's Administration dropdown toggle (absent for users with no admin entry). */
export const adminMenu = (page: Page): Locator =>
  shellHeader(page).getByRole('button', { name: PORTAL_LABELS.adminMenu, exact: true });

/** Opens the Administration dropdown unless it is open already. */
export async function openAdminMenu(page: Page): Promise<void> {
  const toggle = adminMenu(page);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Chooses a menu entry, opening the Administration dropdown first for its entries. */
export async function chooseMenuEntry(page: Page, label: string): Promise<void> {
  if (ADMIN_ENTRIES.includes(label)) await openAdminMenu(page);
  await menuEntry(page, label).click();
}

export async function expectLoginScreen(page: Page): Promise<void> {
  const form = loginForm(page);
  await expect(form.username).toBeVisible();
  await expect(form.password).toBeVisible();
  await expect(form.submit).toBeVisible();
}
