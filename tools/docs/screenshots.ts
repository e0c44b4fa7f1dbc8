/**
 * Takes the README's screenshots from a running platform with Debian's Chromium:
 *
 *   node --import tsx tools/docs/screenshots.ts http://127.0.0.1:4200 admin@storecloud.local PASSWORD
 *
 * Start a throwaway stack first (another DATA_DIR, ports and REDIS_PREFIX, see
 * docs/configuration.md), so the demo fleet shows and nothing of yours does.
 */
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { MENU_LABELS, PORTAL_LABELS, ROUTES } from '@store-cloud/contracts';

const IMAGES = path.resolve(__dirname, '../../docs/images');

async function shoot(page: Page, name: string, height: number): Promise<void> {
  // Wait for what the user waits for: no request in flight, fonts in place.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: path.join(IMAGES, name),
    clip: { x: 0, y: 0, width: 1280, height },
  });
  console.log(`docs/images/${name}`);
}

async function main(): Promise<void> {
  const [portalUrl, username, password] = process.argv.slice(2);
  if (!portalUrl || !username || !password) {
    throw new Error('usage: screenshots.ts <portal URL> <user name> <password>');
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({
      baseURL: portalUrl,
      viewport: { width: 1280, height: 760 },
    });
    await page.goto('/');
    await page.getByLabel(PORTAL_LABELS.username, { exact: true }).fill(username);
    await page.getByLabel(PORTAL_LABELS.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: PORTAL_LABELS.login, exact: true }).click();
    await page
      .locator('header')
      .getByRole('link', { name: MENU_LABELS.home, exact: true })
      .waitFor();

    await page.goto(ROUTES.homeStore(101));
    await shoot(page, 'home.png', 400);
    await page.goto(ROUTES.status);
    await shoot(page, 'status.png', 740);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
