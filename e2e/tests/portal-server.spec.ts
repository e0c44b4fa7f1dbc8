/**
 * The portal as `npm start` serves it: the built SPA, never a file of the repository or of the
 * data folder, with cache and security headers a browser honours.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LIVE_STATUS, ROUTES } from '@store-cloud/contracts';
import { REPO_ROOT } from '../stack/paths';
import { E2E, E2E_STACK_ENV } from './support/e2e-env';
import { expectLoginScreen, logIn } from './support/portal-page';

const dataDir = E2E_STACK_ENV.DATA_DIR;
const secretsOf = (dir: string): string[] => {
  const file = path.join(dir, 'secrets.json');
  return fs.existsSync(file)
    ? Object.values(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : [];
};

test('no path of the portal serves secrets.json, of the data folder or the repository', async ({
  page,
  request,
}) => {
  // The stack's own data folder holds the secrets it runs with; a canary inside the repository
  // stands for the default DATA_DIR=.data (a dev server's /@fs/ would serve that one).
  const canaryDir = path.join(REPO_ROOT, 'test-results', `portal-canary-${process.pid}`);
  fs.mkdirSync(canaryDir, { recursive: true });
  const canary = crypto.randomBytes(24).toString('hex');
  fs.writeFileSync(path.join(canaryDir, 'secrets.json'), JSON.stringify({ JWT_SECRET: canary }));
  const secrets = [
    ...secretsOf(dataDir),
    ...secretsOf(canaryDir),
    ...secretsOf(path.join(REPO_ROOT, '.data')),
  ];
  expect(secrets).toContain(canary);
  expect(secretsOf(dataDir).length).toBeGreaterThan(0);
  const paths = [
    `/@fs${dataDir}/secrets.json`,
    `/@fs${canaryDir}/secrets.json`,
    `/@fs${REPO_ROOT}/.data/secrets.json`,
    `/@fs${REPO_ROOT}/.env`,
    '/.data/secrets.json',
    '/secrets.json',
    '/..%2f.data/secrets.json',
  ];
  for (const p of paths) {
    const response = await request.get(p);
    const body = await response.text();
    for (const secret of secrets) expect(body, p).not.toContain(secret);
    // Either nothing, or the SPA's page for a client route it does not know.
    if (response.ok()) expect(response.headers()['content-type'], p).toContain('text/html');
  }

  // In the browser the same address shows the portal, never a file.
  await page.goto(`/@fs${canaryDir}/secrets.json`);
  await expectLoginScreen(page);
  for (const secret of secrets) await expect(page.locator('body')).not.toContainText(secret);
  fs.rmSync(canaryDir, { recursive: true, force: true });
});

test('index.html is revalidated on every load, hashed assets are cached for good, compressed', async ({
  request,
}) => {
  const index = await request.get(ROUTES.login);
  expect(index.headers()['cache-control']).toBe('no-cache');
  const html = await index.text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();

  const asset = await request.get(script!, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toContain('immutable');
  expect(asset.headers()['cache-control']).toContain('max-age=31536000');
  expect(asset.headers()['content-encoding']).toMatch(/gzip|br/);

  // A hashed asset that does not exist is a 404, not the SPA's HTML.
  expect((await request.get('/assets/index-missing.js')).status()).toBe(404);
});

test('the portal sends its security headers and the login page loads under its CSP', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(ROUTES.login);
  const headers = response!.headers();
  const csp = headers['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // Plain HTTP: HSTS would lock browsers out of this host.
  expect(headers['strict-transport-security']).toBeUndefined();
  await expectLoginScreen(page);
  expect(violations).toEqual([]);
});

test('a signed-in portal opens its live status socket through the portal (websocket upgrade)', async ({
  page,
}) => {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    const { origin, pathname } = new URL(socket.url().replace(/^ws/, 'http'));
    if (origin !== E2E.portalUrl || !pathname.startsWith('/socket.io/')) return;
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  await logIn(page, E2E.admin.username, E2E.admin.password);
  // socket.io's CONNECT answer for the namespace: the backend accepted the token.
  await expect
    .poll(() => frames.some((f) => f.startsWith(`40${LIVE_STATUS.namespace},`)))
    .toBe(true);
});
