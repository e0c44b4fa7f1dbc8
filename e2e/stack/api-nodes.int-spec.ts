/**
 * `npm start` with API_NODES=2 (issue 31): two supervised API nodes on consecutive ports behind
 * the portal server, which balances them; logins through the portal port keep working while
 * either node is SIGKILLed and restarted, and the simulator's stores, spread over both nodes,
 * all show online in the status either node answers.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ACCESS_TOKEN_HEADER,
  API,
  COMPANY_API,
  DEMO_FLEET,
  loginResultSchema,
  storeStatusListSchema,
} from '@store-cloud/contracts';
import {
  killAndAwaitRestart,
  type LauncherRun,
  retryAtOnce,
  startLauncher,
  until,
} from './launcher-run';
import { isListening } from './ports';
import { sparePortsSync } from './spare-ports';

const [portal, media, simulator, database, redis, ...candidates] = sparePortsSync(12);
retryAtOnce();
const url = (port: number, p: string) => `http://127.0.0.1:${port}${p}`;
const admin = { username: 'api-nodes-admin@storecloud.local', password: 'Api-Nodes-Pass1' };
const DEMO_STORES = DEMO_FLEET.companies.reduce((n, c) => n + c.stores.length, 0);

let stack: LauncherRun;
/** The first node's port; the second node listens on the next one. */
let backend: number;

/** The answer of the last login that failed, for a failure's message. */
let lastRefusal = '';

/** Logs in on a port (the portal's, or a node's own) and answers the token. */
async function login(port: number): Promise<string | undefined> {
  const response = await fetch(url(port, API.login), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!response.ok) {
    lastRefusal = `${response.status} ${await response.text()}`;
    return undefined;
  }
  return loginResultSchema.parse(await response.json()).token ?? undefined;
}

const nodeReady = async (port: number) => (await fetch(url(port, API.healthReady))).ok || undefined;

/** Kills a node, logs in through the portal while it is away, and waits for it to serve again. */
async function portalServesWhileKilled(name: string, port: number): Promise<void> {
  // A failure shows what the launcher printed: which process exited, restarted or said why.
  await killAndWait(name, port).catch((error: unknown) => {
    const printed = stack.output().slice(-6000);
    throw new Error(
      `${String(error)}\nlast failed login: ${lastRefusal}\nnpm start printed:\n${printed}`,
    );
  });
}

async function killAndWait(name: string, port: number): Promise<void> {
  // Serving (a retry may find it still restarting from the first try): its last pid is alive.
  await until(`${name} to serve`, () => nodeReady(port), 120_000);
  // The kill is sent at once; the logins follow before the portal's probe has seen the death. A login that meets the node refusing
  // goes on to the other one. One that meets it dying (its socket resets connections a moment
  // longer) is answered 502, as nginx answers a POST then, and the node is left out after it.
  const restarted = killAndAwaitRestart(stack, name);
  const logins: (string | undefined)[] = [];
  for (let i = 0; i < 6; i++) logins.push(await login(portal));
  expect(logins.filter((token) => token === undefined).length).toBeLessThanOrEqual(1);
  await restarted;
  await until(`${name} to serve again`, () => nodeReady(port), 120_000);
}

beforeAll(async () => {
  // Two consecutive free ports for the nodes.
  for (const port of candidates) {
    if (!(await isListening(port)) && !(await isListening(port + 1))) {
      backend = port;
      break;
    }
  }
  stack = await startLauncher(
    'api-nodes',
    { portal, backend, media, simulator, database, redis },
    admin,
    { API_NODES: '2' },
  );
}, 300_000);

afterAll(() => stack?.stop());

describe('npm start with API_NODES=2', () => {
  it('runs two supervised API nodes on consecutive ports, each serving logins', async () => {
    expect(stack.pidOf('backend')).toBeDefined();
    expect(stack.pidOf('backend-2')).toBeDefined();
    expect(await login(backend)).toEqual(expect.any(String));
    expect(await login(backend + 1)).toEqual(expect.any(String));
    expect(await login(portal)).toEqual(expect.any(String));
  });

  it('shows every simulated store online, their sockets spread over both nodes', async () => {
    const token = (await login(portal))!;
    for (const port of [backend, backend + 1]) {
      await until(`node on ${port} to see every store online`, async () => {
        const res = await fetch(url(port, COMPANY_API.allStoresStatus), {
          headers: { [ACCESS_TOKEN_HEADER]: token },
        });
        const stores = storeStatusListSchema.parse(await res.json());
        return (stores.length === DEMO_STORES && stores.every((s) => s.status === 1)) || undefined;
      });
    }
  });

  it(
    'serves logins through the portal port while the first node is SIGKILLed and restarted',
    () => portalServesWhileKilled('backend', backend),
    // A node restarting beside the other test runners can take a minute.
    300_000,
  );

  it(
    'serves logins through the portal port while the second node is SIGKILLed and restarted',
    () => portalServesWhileKilled('backend-2', backend + 1),
    // A node restarting beside the other test runners can take a minute.
    300_000,
  );

  it('stops both nodes on Ctrl-C', async () => {
    const pids = [stack.pidOf('backend')!, stack.pidOf('backend-2')!];
    stack.process.kill('SIGINT');
    expect(await stack.exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    for (const port of [portal, backend, backend + 1]) expect(await isListening(port)).toBe(false);
  });
});
