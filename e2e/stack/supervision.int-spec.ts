/**
 * The launcher keeps the platform serving when one process dies: a whole stack runs as
 * `npm start` does (its own Redis on a spare port, so that one is the launcher's too), each
 * process is killed with SIGKILL, and the test sees it started again and serving while the
 * others never stopped. Ctrl-C then stops every process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API, SIMULATOR_API } from '@store-cloud/contracts';
import { REPO_ROOT } from './paths';
import { isListening } from './ports';
import { sparePortsSync } from './spare-ports';
import { LAUNCHER_ENV } from './stack-env';

const [portal, backend, media, simulator, database, redis] = sparePortsSync(6);
const url = (port: number, p: string) => `http://127.0.0.1:${port}${p}`;
const admin = { username: 'supervision-admin@storecloud.local', password: 'Supervise-Pass1' };

let launcher: ChildProcess;
let output = '';
let launcherExit: Promise<number | null>;

/** The pid the launcher last reported for a process ("[name] ── started (pid N)"). */
function pidOf(name: string): number | undefined {
  const pattern = new RegExp(`\\[${name}\\s*\\] ── started \\(pid (\\d+)\\)`, 'g');
  const last = [...output.matchAll(pattern)].pop();
  return last ? Number(last[1]) : undefined;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const answers = async (target: string) => (await fetch(target)).ok || undefined;

/** Logs in through the portal's origin, as the browser does. */
async function portalLogin(): Promise<true | undefined> {
  const response = await fetch(url(portal, API.login), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = (await response.json()) as { success?: boolean; token?: string };
  return (response.ok && body.success && typeof body.token === 'string') || undefined;
}

/** Checks that each must still answer now, while something else is down. */
async function stillServing(checks: Array<() => Promise<true | undefined>>) {
  for (const check of checks) expect(await check()).toBe(true);
}

const backendHealthy = async () => {
  const response = await fetch(url(portal, API.health));
  const body = (await response.json()) as { checks?: Record<string, string> };
  return (response.ok && body.checks?.mongo === 'up' && body.checks?.redis === 'up') || undefined;
};
const mediaServes = () => answers(url(portal, `/media-server${API.health}`));
const simulatorServes = () => answers(url(simulator, SIMULATOR_API.health));
const portalServes = () => answers(url(portal, '/login'));

async function killAndAwaitRestart(name: string): Promise<void> {
  const before = pidOf(name);
  expect(before).toBeDefined();
  process.kill(before!, 'SIGKILL');
  await until(`${name} to be restarted`, async () => {
    const now = pidOf(name);
    return now !== undefined && now !== before ? now : undefined;
  });
  expect(output).toMatch(
    new RegExp(`\\[${name}\\s*\\] ── exited \\(signal SIGKILL\\); restarting in \\d+ s`),
  );
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storecloud-supervision-'));
  launcher = spawn(process.execPath, ['--import', 'tsx', path.join('e2e', 'stack', 'start.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORTAL_PORT: String(portal),
      BACKEND_PORT: String(backend),
      MEDIA_PORT: String(media),
      SIMULATOR_PORT: String(simulator),
      FERRETDB_PORT: String(database),
      REDIS_URL: `redis://127.0.0.1:${redis}`,
      REDIS_PREFIX: `supervision-${process.pid}`,
      DATA_DIR: dataDir,
      MONGODB_URI: '',
      BACKEND_URL: '',
      MEDIA_SERVER_URL: '',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      [LAUNCHER_ENV.envFile]: '',
      [LAUNCHER_ENV.removeDataDir]: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcherExit = new Promise((resolve) => launcher.once('exit', (code) => resolve(code)));
  await until(
    'the stack to start',
    async () => {
      if (launcher.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      return output.includes('store-cloud portal is running') || undefined;
    },
    240_000,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${output.slice(-4000)}`);
  });
}, 300_000);

afterAll(async () => {
  if (launcher.exitCode === null) {
    launcher.kill('SIGINT');
    await launcherExit;
  }
});

describe('npm start supervises its processes', () => {
  it('runs the launcher-started Redis and FerretDB under supervision too', () => {
    for (const name of ['backend', 'worker', 'media', 'simulator', 'portal', 'ferretdb', 'redis']) {
      expect(pidOf(name)).toBeDefined();
    }
  });

  it('restarts a killed backend while the media server and the simulator keep serving', async () => {
    await killAndAwaitRestart('backend');
    await stillServing([mediaServes, simulatorServes, portalServes]);
    await until('the backend to serve again', backendHealthy);
    await until('a login through the portal', portalLogin);
  });

  it('restarts a killed worker while the backend keeps serving', async () => {
    await killAndAwaitRestart('worker');
    await stillServing([backendHealthy, mediaServes, simulatorServes]);
    await until('a login through the portal', portalLogin);
  });

  it('restarts a killed media server while the backend keeps serving', async () => {
    await killAndAwaitRestart('media');
    await stillServing([backendHealthy, simulatorServes]);
    await until('the media server to serve again', mediaServes);
  });

  it('restarts a killed simulator while the backend keeps serving', async () => {
    await killAndAwaitRestart('simulator');
    await stillServing([backendHealthy, mediaServes]);
    await until('the simulator to serve again', simulatorServes);
  });

  it('restarts a killed portal server, and the services never noticed', async () => {
    await killAndAwaitRestart('portal');
    await stillServing([() => answers(url(backend, API.health)), simulatorServes]);
    await until('the portal to serve again', portalServes);
  });

  it('restarts a killed FerretDB, and logins work again', async () => {
    await killAndAwaitRestart('ferretdb');
    await until('a login through the portal', portalLogin);
    await until('the backend to report the database up', backendHealthy);
  });

  it('restarts a killed Redis it started, and the backend reports it up again', async () => {
    await killAndAwaitRestart('redis');
    await until('the backend to report Redis up', backendHealthy);
    await until('a login through the portal', portalLogin);
  });

  it('stops every process on Ctrl-C (SIGINT), leaving none behind', async () => {
    const pids = ['backend', 'worker', 'media', 'simulator', 'portal', 'ferretdb', 'redis'].map(
      (name) => pidOf(name)!,
    );
    launcher.kill('SIGINT');
    expect(await launcherExit).toBe(0);
    expect(output).toContain('Stack stopped.');
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    for (const port of [portal, backend, media, simulator, database, redis]) {
      expect(await isListening(port)).toBe(false);
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
