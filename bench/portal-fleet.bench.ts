/**
 * Status and Home with a large connected fleet in a real browser (issue 30): the time from
 * opening the screen to its store rows on screen, and the share of the main thread blocked by
 * long tasks (PerformanceObserver 'longtask', tasks over 50 ms) while the list updates from the
 * live push and its fallback refetch. Loopback only; it starts no server: it measures a running
 * stack (`npm start`, e.g. on spare ports) and brings its own fleet:
 *
 * - BENCH_STORES store sockets (default 18,000; bench-store-clients.ts, ids from company 90001 on,
 *   100 stores each) straight to the API node at BACKEND_URL, from client processes of their own
 *   (one descriptor per socket, the open-file limit is per process), pinging every 5 s;
 * - their companies and stores put into the master data through MONGODB_URI and connected as the
 *   portal does (bench-fleet.ts), so every status answer holds them all; removed afterwards;
 * - while a screen is watched, BENCH_CHURN stores a second (default 10) go offline and the ones
 *   of the second before come back: a steady stream of live deltas.
 *
 *   PORTAL_URL=http://127.0.0.1:4200 BACKEND_URL=http://127.0.0.1:3000 TENTACLE_SECRET=... \
 *   MONGODB_URI=mongodb://127.0.0.1:27018 BENCH_USERNAME=admin@storecloud.local BENCH_PASSWORD=... \
 *     node --import tsx bench/portal-fleet.bench.ts
 *
 * BENCH_RUNS opens of each screen (default 3), BENCH_WATCH_SECONDS of watching each (default 35:
 * the 30 s full refetch falls inside it); CHROMIUM the browser (default /usr/bin/chromium). The
 * user must see all companies. BENCH_TRACE=dir writes a Chrome trace of the first watch of each
 * screen there. BENCH_KEEP_FLEET=1 leaves the companies connected afterwards (connecting 180
 * companies takes minutes on FerretDB), and a fleet found connected is used as it is.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { API, COMPANY_API, loginResultSchema, ROUTES, SITE_API } from '@store-cloud/contracts';
import { chromium, type Browser, type Page } from 'playwright';
import { type BenchFleet, connectBenchFleet, connectedNow, removeBenchFleet } from './bench-fleet';
import { loopbackUrl, percentile, positiveInt } from './bench-env';
import { companiesOf, holdStores, storeIds } from './bench-store-clients';

/** The portal's localStorage key of the access token (frontend/src/auth/session-storage.ts). */
const TOKEN_KEY = 'token';
const FIRST_COMPANY = storeIds(1)[0]!.company;

/** What each screen is, and the rows that show its stores. */
const SCREENS = {
  status: {
    path: ROUTES.status,
    rows: 'table[aria-label="Tentacles Online"] tbody tr:not([aria-hidden])',
  },
  home: {
    path: ROUTES.home,
    rows: 'table[aria-label="Fleet"] tbody tr:not([aria-hidden])',
  },
  'home-company': {
    path: ROUTES.homeStore(FIRST_COMPANY),
    rows: 'table tbody tr:not([aria-hidden])',
  },
} as const;
type Screen = keyof typeof SCREENS;

function settings(env: NodeJS.ProcessEnv) {
  const username = env.BENCH_USERNAME;
  const password = env.BENCH_PASSWORD;
  const secret = env.TENTACLE_SECRET;
  if (!username || !password) throw new Error('Set BENCH_USERNAME and BENCH_PASSWORD');
  if (!secret) throw new Error('Set TENTACLE_SECRET (the stack keeps it in DATA_DIR/secrets.json)');
  if (!env.MONGODB_URI) throw new Error("Set MONGODB_URI (the stack's database, on loopback)");
  return {
    portal: loopbackUrl(env, 'PORTAL_URL', 'http://127.0.0.1:4200').origin,
    backend: loopbackUrl(env, 'BACKEND_URL', 'http://127.0.0.1:3000').origin,
    secret,
    mongodb: loopbackUrl(env, 'MONGODB_URI', '').toString(),
    database: env.BENCH_DATABASE ?? 'storecloud',
    username,
    password,
    stores: positiveInt(env, 'BENCH_STORES', 18_000),
    processes: positiveInt(env, 'BENCH_PROCESSES', 2),
    churn: Number(env.BENCH_CHURN ?? 10),
    runs: positiveInt(env, 'BENCH_RUNS', 3),
    watchSeconds: positiveInt(env, 'BENCH_WATCH_SECONDS', 35),
    screens: (env.BENCH_SCREENS ?? 'status,home,home-company').split(',') as Screen[],
    chromium: env.CHROMIUM ?? '/usr/bin/chromium',
    trace: env.BENCH_TRACE,
    keepFleet: env.BENCH_KEEP_FLEET === '1',
  };
}
type Settings = ReturnType<typeof settings>;

async function accessToken(s: Settings): Promise<string> {
  const res = await fetch(`${s.backend}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: s.username, password: s.password }),
  });
  if (!res.ok) throw new Error(`login of ${s.username}: ${res.status}`);
  return loginResultSchema.parse(await res.json()).token!;
}

/** Collects long tasks from the page's start (before any script of the portal runs). */
const observeLongTasks = () => {
  const w = window as unknown as { longTasks: Array<[number, number]> };
  w.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
};

interface Run {
  toRowsMs: number;
  shown: string;
  blockedShare: number;
  longest: number;
  tasks: number;
  refetches: number;
  domRows: number;
}

/** Milliseconds of long tasks from `from` (page time) on, the longest, and their count. */
const longTasksSince = (page: Page, from: number) =>
  page.evaluate((since) => {
    const all = (window as unknown as { longTasks: Array<[number, number]> }).longTasks;
    const after = all.filter(([start]) => start >= since);
    return {
      total: after.reduce((n, [, d]) => n + d, 0),
      longest: Math.max(0, ...after.map(([, d]) => d)),
      count: after.length,
    };
  }, from);

async function openScreen(browser: Browser, s: Settings, token: string, screen: Screen, i: number) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      TOKEN_KEY,
      token,
    ] as const);
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    let refetches = 0;
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === COMPANY_API.allStoresStatus || path === SITE_API.systemStatus) refetches++;
    });
    const rows = page.locator(SCREENS[screen].rows);
    const started = Date.now();
    await page.goto(`${s.portal}${SCREENS[screen].path}`);
    await rows.first().waitFor({ timeout: 60_000 });
    const toRowsMs = Date.now() - started;
    const shown =
      screen === 'status'
        ? ((await page.getByRole('heading', { name: /Tentacles Online/ }).textContent()) ?? '')
        : `${await rows.count()} rows`;
    // Blocked time over the watch only: the screen lives on the push and its fallback refetch.
    const watchFrom = await page.evaluate(() => performance.now());
    refetches = 0;
    const tracing = s.trace && i === 0;
    if (tracing) await browser.startTracing(page, { screenshots: false });
    await page.waitForTimeout(s.watchSeconds * 1000);
    if (tracing) writeFileSync(`${s.trace}/${screen}.json`, await browser.stopTracing());
    const watched = (await page.evaluate(() => performance.now())) - watchFrom;
    const blocked = await longTasksSince(page, watchFrom);
    return {
      toRowsMs,
      shown,
      blockedShare: blocked.total / watched,
      longest: blocked.longest,
      tasks: blocked.count,
      refetches,
      domRows: await page.locator('tbody tr').count(),
    } satisfies Run;
  } finally {
    await context.close();
  }
}

async function main() {
  const s = settings(process.env);
  const token = await accessToken(s);
  const fleet: BenchFleet = {
    uri: s.mongodb,
    database: s.database,
    companies: companiesOf(storeIds(s.stores)),
  };
  // Connecting 180 companies takes minutes on FerretDB: a kept fleet is used as it is.
  const now = await connectedNow(s.backend, token);
  const kept = [...fleet.companies.keys()].every((id) => now.includes(id));
  const before = kept
    ? now.filter((id) => !fleet.companies.has(id))
    : await connectBenchFleet(fleet, s.backend, token);
  let stores: Awaited<ReturnType<typeof holdStores>> | undefined;
  const browser = await chromium.launch({ executablePath: s.chromium });
  try {
    const t0 = Date.now();
    stores = await holdStores(s.backend, s.secret, s.stores, s.processes);
    console.log(
      `fleet: ${stores.connected} of ${s.stores} stores connected in ${fleet.companies.size} companies ` +
        `(${stores.processes} client processes, ${((Date.now() - t0) / 1000).toFixed(1)} s` +
        `${stores.refused ? `, ${stores.refused} refused: ${stores.lastError}` : ''})`,
    );
    if (s.churn > 0) stores.churn(s.churn);
    console.log(
      `churn: ${s.churn} stores a second go offline and come back a second later; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    for (const screen of s.screens) {
      const runs: Run[] = [];
      for (let i = 0; i < s.runs; i += 1) runs.push(await openScreen(browser, s, token, screen, i));
      const times = runs.map((r) => r.toRowsMs).sort((a, b) => a - b);
      const shares = runs.map((r) => r.blockedShare).sort((a, b) => a - b);
      const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
      console.log(
        `${screen}: ${runs[0]!.shown}; rows on screen p50 ${percentile(times, 50)} ms, ` +
          `max ${times.at(-1)} ms; long tasks ${pct(percentile(shares, 50))} of ${s.watchSeconds} s ` +
          `(max ${pct(shares.at(-1)!)}) over ${s.runs} runs`,
      );
      for (const r of runs)
        console.log(
          `  run: ${r.toRowsMs} ms, blocked ${pct(r.blockedShare)} in ${r.tasks} long tasks ` +
            `(longest ${r.longest.toFixed(0)} ms), ${r.refetches} full answers, ${r.domRows} rows in the DOM`,
        );
    }
    console.log('goal: rows within 1,000 ms; long tasks under 5 %');
    console.log(
      `load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    stores?.stop();
    if (s.keepFleet) console.log('the fleet stays connected (BENCH_KEEP_FLEET)');
    else await removeBenchFleet(fleet, s.backend, token, before);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
