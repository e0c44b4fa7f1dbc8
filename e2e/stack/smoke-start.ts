/**
 * The front door, proven as a new user meets it (.ci/run's first step):
 *   node --import tsx e2e/stack/smoke-start.ts <fresh clone with node_modules>
 * runs `npm start` there on spare ports with a throwaway DATA_DIR (nothing built before: the
 * launcher must build what it needs), waits for the portal, logs in through the portal's
 * origin, presses Ctrl-C (SIGINT to the whole process group, as a terminal does) and checks
 * that every process stopped. Exits non-zero, with the stack's output, on any failure.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isListening } from './ports';
import { sparePortsSync } from './spare-ports';

const repo = path.resolve(process.argv[2] ?? '.');
const [portal, backend, media, simulator, database] = sparePortsSync(5);
const admin = { username: 'smoke-admin@storecloud.local', password: 'Smoke-Start-Pass1' };
const portalUrl = `http://127.0.0.1:${portal}`;
/** A fresh clone builds every project (and maybe FerretDB) before anything answers. */
const START_TIMEOUT_MS = 20 * 60_000;
const STOP_TIMEOUT_MS = 60_000;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storecloud-smoke-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORTAL_PORT: String(portal),
    BACKEND_PORT: String(backend),
    MEDIA_PORT: String(media),
    SIMULATOR_PORT: String(simulator),
    FERRETDB_PORT: String(database),
    DATA_DIR: dataDir,
    REDIS_PREFIX: `smoke-${process.pid}`,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    BACKEND_URL: '',
    MEDIA_SERVER_URL: '',
    LOG_LEVEL: 'warn',
    STACK_ENV_FILE: '',
    STACK_SKIP_BUILD: '',
  };
  console.log(`npm start in ${repo} (portal ${portalUrl}, DATA_DIR ${dataDir})`);
  // Its own process group, so that SIGINT reaches npm and everything under it, like Ctrl-C.
  const npm = spawn('npm', ['start'], { cwd: repo, env, detached: true, stdio: 'inherit' });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  let stopped = false;
  void exited.then(() => (stopped = true));
  // Ctrl-C whatever happened, and report the first failure.
  const failure = await serveAndLogIn(() => stopped).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!stopped) process.kill(-npm.pid!, 'SIGINT');
  const code = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => 'timeout')]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (failure) throw failure;
  if (code === 'timeout') {
    process.kill(-npm.pid!, 'SIGKILL');
    throw new Error(`npm start did not stop within ${STOP_TIMEOUT_MS / 1000} s of Ctrl-C`);
  }
  await checkNothingLeft(npm.pid!);
  console.log('smoke: Ctrl-C stopped every process');
}

/** Waits for the portal and its proxy to the backend, then logs in through the portal. */
async function serveAndLogIn(stopped: () => boolean): Promise<void> {
  await until(
    'the portal to serve its login page and pass /health on to the backend',
    async () => {
      if (stopped()) throw new Error('npm start exited before the portal answered');
      const page = await fetch(`${portalUrl}/login`);
      const health = await fetch(`${portalUrl}/health`);
      const spa = page.ok && (await page.text()).includes('<div id="root">');
      return (spa && health.ok) || undefined;
    },
    START_TIMEOUT_MS,
  );
  console.log('smoke: the portal answers');
  const response = await fetch(`${portalUrl}/portallogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = (await response.json()) as { success?: boolean; token?: string };
  if (!response.ok || !body.success || !body.token) {
    throw new Error(`POST /portallogin on the portal answered ${response.status}`);
  }
  console.log('smoke: logged in through the portal');
}

/** After Ctrl-C no process of the group is left and no port of the stack listens. */
async function checkNothingLeft(group: number): Promise<void> {
  await sleep(500);
  let groupAlive = true;
  try {
    process.kill(-group, 0);
  } catch {
    groupAlive = false;
  }
  if (groupAlive) {
    process.kill(-group, 'SIGKILL');
    throw new Error('processes of npm start were still running after it stopped');
  }
  for (const port of [portal, backend, media, simulator, database]) {
    if (await isListening(port)) throw new Error(`port ${port} still listens after Ctrl-C`);
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await probe();
    } catch (error) {
      if (error instanceof Error && !/fetch failed/.test(error.message)) throw error;
    }
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(1000);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `Front door smoke test FAILED: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  },
);
