/**
 * `npm run dev` serves the portal with Vite's dev server, whose /@fs/ route reads files under
 * the repository: it must refuse the data folder, env files and any secrets.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { packageBin } from './package-bin';
import { REPO_ROOT } from './paths';
import { waitForPort } from './ports';
import { sparePortsSync } from './spare-ports';

const [port] = sparePortsSync(1);
const canary = crypto.randomBytes(24).toString('hex');
// Inside the repository, as the default DATA_DIR=.data is; test-results/ is ignored by git.
const scratch = path.join(REPO_ROOT, 'test-results', `dev-server-${process.pid}`);
const dataDir = path.join(scratch, 'data');
let vite: ChildProcess;

beforeAll(async () => {
  fs.mkdirSync(path.join(dataDir, 'ferretdb'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ JWT_SECRET: canary }));
  fs.writeFileSync(path.join(dataDir, 'ferretdb', 'storecloud.sqlite'), canary);
  fs.writeFileSync(path.join(scratch, '.env'), `JWT_SECRET=${canary}\n`);
  fs.writeFileSync(path.join(scratch, 'secrets.json'), JSON.stringify({ JWT_SECRET: canary }));
  const frontend = path.join(REPO_ROOT, 'frontend');
  vite = spawn(process.execPath, [packageBin('vite', frontend)], {
    cwd: frontend,
    env: {
      ...process.env,
      PORTAL_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.relative(REPO_ROOT, dataDir),
    },
    stdio: 'ignore',
  });
  await waitForPort(port, '127.0.0.1', 60_000);
}, 90_000);

afterAll(() => {
  vite?.kill('SIGTERM');
  fs.rmSync(scratch, { recursive: true, force: true });
});

const get = (p: string) => fetch(`http://127.0.0.1:${port}${p}`);

describe('the dev server (npm run dev)', () => {
  it('serves source files through /@fs/', async () => {
    const response = await get(`/@fs${REPO_ROOT}/frontend/src/main.tsx`);
    expect(response.status).toBe(200);
  });

  it.each([
    ['the data folder secrets', () => path.join(dataDir, 'secrets.json')],
    ['the database files', () => path.join(dataDir, 'ferretdb', 'storecloud.sqlite')],
    ['an .env file', () => path.join(scratch, '.env')],
    ['a secrets.json anywhere', () => path.join(scratch, 'secrets.json')],
  ])('refuses %s', async (_what, file) => {
    const response = await get(`/@fs${file()}`);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(canary);
  });
});
