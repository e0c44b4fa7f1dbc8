import { ACCESS_TOKEN_HEADER, API, APP, USER_TYPE } from '@store-cloud/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import { type Connection, mongo } from 'mongoose';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { type FuzzRequest, registeredRoutes, requestsFor } from './route-fuzz';

/*
 * A fuzz of every route Nest registered, with requests generated from the route list and the
 * contract schemas its validation pipes use (see route-fuzz.ts), sent as a SUPER-ADMIN and as
 * a BASIC user. No answer may be a 5xx, and the database must not change.
 */

const { EJSON } = mongo.BSON;
/**
 * Collections whose growth is expected: the log lines of /log and /error, the audit trail, and
 * the alerts sweep's first record of each store's presence (written by the sweep, not a request).
 */
const GROWS = new Set(['messagelog', 'auditlog', 'alertstores']);
const PARALLEL = 6;
const PASSWORD = 'Fuzz-Basic-Pass1';

let t: TestApp;

async function snapshot(): Promise<Record<string, unknown[]>> {
  const db = t.app.get<Connection>(getConnectionToken()).db!;
  const names = (await db.listCollections({}, { nameOnly: true }).toArray())
    .map((c) => c.name)
    .filter((n) => !GROWS.has(n))
    .sort();
  const result: Record<string, unknown[]> = {};
  for (const name of names) {
    // A session's lastSeenAt moves once a minute with its calls (issue 23): a long run sees it.
    const projection = name === 'sessions' ? { lastSeenAt: 0 } : {};
    const docs = await db.collection(name).find({}, { projection }).sort({ _id: 1 }).toArray();
    result[name] = docs.map((d) => EJSON.serialize(d));
  }
  return result;
}

/**
 * fetch's own failure (no answer at all), with its cause: "fetch failed" alone says nothing.
 * Known by its name, not `instanceof TypeError`: fetch throws Node's TypeError, which is not the
 * TypeError of Jest's test realm (so the retry below never ran).
 */
const transportFailure = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as Error).name === 'TypeError'
    ? `${String(error)} (${String((error as { cause?: unknown }).cause ?? 'no cause')})`
    : undefined;

/**
 * One request, sent again once when no answer came at all: a keep-alive socket the server closed
 * as the client reused it (on two busy cores the client's idle timer runs late) is the client's
 * race, not an answer. A second failure counts, with its cause.
 */
async function send(request: FuzzRequest, token: string): Promise<number> {
  try {
    return await sendOnce(request, token);
  } catch (error) {
    if (!transportFailure(error)) throw error;
    return sendOnce(request, token);
  }
}

async function sendOnce(request: FuzzRequest, token: string): Promise<number> {
  const url = `${t.baseUrl}${request.path}${request.query ? `?${request.query}` : ''}`;
  const res = await fetch(url, {
    method: request.method,
    headers: {
      [ACCESS_TOKEN_HEADER]: token,
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: request.body,
  });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  t = await createTestApp('fuzz');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// About 50 s alone; CI ran it in 373 s beside the other suites on two cores. A limit on a hang.
it('answers every generated request below 500 and changes nothing', async () => {
  // Once only: a retried run finds the user its first try made.
  if (!(await t.users.findByUsername('fuzz-basic@example.com')))
    await t.createUser({
      username: 'fuzz-basic@example.com',
      password: PASSWORD,
      usertype: USER_TYPE.BASIC,
      applications: [APP.dbBackup],
    });
  const tokens = {
    'SUPER-ADMIN': await t.login(TEST_ADMIN),
    BASIC: await t.login({ username: 'fuzz-basic@example.com', password: PASSWORD }),
  };
  const routes = registeredRoutes(t.app);
  expect(routes.length).toBeGreaterThan(40);
  const requests = routes.flatMap((r) => requestsFor(r, [API.log, API.error]));
  const before = await snapshot();

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const jobs = Object.entries(tokens).flatMap(([who, token]) =>
    requests.map((r) => ({ who, token, r })),
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < jobs.length) {
        const { who, token, r } = jobs[next++]!;
        let status: number;
        try {
          status = await send(r, token);
        } catch (error) {
          failures.push(
            `${who} ${r.method} ${r.path} (${r.what}): ${transportFailure(error) ?? String(error)}`,
          );
          continue;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) failures.push(`${who} ${r.method} ${r.path} (${r.what}): ${status}`);
      }
    }),
  );

  const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  console.log(
    `Fuzz: ${jobs.length} requests over ${routes.length} routes (${requests.length} per user, 2 users); answers ${counts.join(', ')}`,
  );
  expect(failures).toEqual([]);
  expect(await snapshot()).toEqual(before);
}, 900_000);
