import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { API } from '@store-cloud/contracts';
import { REPO_ROOT } from './stack/paths';
import { E2E, E2E_STACK_ENV } from './tests/support/e2e-env';

/**
 * The browser tests run Debian's Chromium against a whole stack started exactly as `npm start`
 * does, on spare ports with a throwaway data folder (tests/support/e2e-env.ts).
 */
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  // One more try for a failed test on two busy cores; npm test names each test that needed it.
  retries: 1,
  // A limit on a hang, not a speed goal: on two cores beside the backend's suite a long journey
  // took over a minute (speed goals live in bench/).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL: E2E.portalUrl,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // `node --import tsx`, never npx: the signal must reach the launcher itself.
    command: `${JSON.stringify(process.execPath)} --import tsx ${path.join('e2e', 'stack', 'start.ts')}`,
    cwd: REPO_ROOT,
    env: E2E_STACK_ENV,
    // Ready when the backend answers through the portal, not when the portal alone does: the
    // portal server comes up before the backend, and a test's first API call would be refused.
    url: `${E2E.portalUrl}${API.health}`,
    reuseExistingServer: false,
    // A fresh machine builds FerretDB (1-2 min) and the services with Nx first.
    timeout: 300_000,
    stdout: process.env.E2E_STACK_LOGS === '1' ? 'pipe' : 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
