/**
 * The launcher keeps the platform serving when one process dies: a whole stack runs as
 * `npm start` does (its own Redis on a spare port, so that one is the launcher's too), each
 * process is killed with SIGKILL, and the test sees it started again and serving while the
 * others never stopped. Ctrl-C then stops every process.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API, SIMULATOR_API } from '@store-cloud/contracts';
import {
  killAndAwaitRestart,
  type LauncherRun,
  retryAtOnce,
  startLauncher,
  until,
} from './launcher-run';
import { isListening } from './ports';
import { sparePortsSync } from './spare-ports';

const [portal, backend, media, simulator, database, redis] = sparePortsSync(6);
retryAtOnce();
const url = (port: number, p: string) => `http://127.0.0.1:${port}${p}`;
const admin = { username: 'supervision-admin@storecloud.local', password: 'Supervise-Pass1' };

let stack: LauncherRun;

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

const restarted = (name: string) => killAndAwaitRestart(stack, name);

beforeAll(async () => {
  stack = await startLauncher(
    'supervision',
    { portal, backend, media, simulator, database, redis },
    admin,
  );
}, 300_000);

afterAll(() => stack?.stop());

describe('npm start supervises its processes', () => {
  it('runs the launcher-started Redis and FerretDB under supervision too', () => {
    for (const name of ['backend', 'worker', 'media', 'simulator', 'portal', 'ferretdb', 'redis']) {
      expect(stack.pidOf(name)).toBeDefined();
    }
  });

  it('restarts a killed backend while the media server and the simulator keep serving', async () => {
    await restarted('backend');
    await stillServing([mediaServes, simulatorServes, portalServes]);
    await until('the backend to serve again', backendHealthy);
    await until('a login through the portal', portalLogin);
  });

  it('restarts a killed worker while the backend keeps serving', async () => {
    await restarted('worker');
    await stillServing([backendHealthy, mediaServes, simulatorServes]);
    await until('a login through the portal', portalLogin);
  });

  it('restarts a killed media server while the backend keeps serving', async () => {
    await restarted('media');
    await stillServing([backendHealthy, simulatorServes]);
    await until('the media server to serve again', mediaServes);
  });

  it('restarts a killed simulator while the backend keeps serving', async () => {
    await restarted('simulator');
    await stillServing([backendHealthy, mediaServes]);
    await until('the simulator to serve again', simulatorServes);
  });

  it('restarts a killed portal server, and the services never noticed', async () => {
    await restarted('portal');
    await stillServing([() => answers(url(backend, API.health)), simulatorServes]);
    await until('the portal to serve again', portalServes);
  });

  it('restarts a killed FerretDB, and logins work again', async () => {
    await restarted('ferretdb');
    await until('a login through the portal', portalLogin);
    await until('the backend to report the database up', backendHealthy);
  });

  it('restarts a killed Redis it started, and the backend reports it up again', async () => {
    await restarted('redis');
    await until('the backend to report Redis up', backendHealthy);
    await until('a login through the portal', portalLogin);
  });

  it('stops every process on Ctrl-C (SIGINT), leaving none behind', async () => {
    const pids = ['backend', 'worker', 'media', 'simulator', 'portal', 'ferretdb', 'redis'].map(
      (name) => stack.pidOf(name)!,
    );
    stack.process.kill('SIGINT');
    expect(await stack.exited).toBe(0);
    expect(stack.output()).toContain('Stack stopped.');
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
