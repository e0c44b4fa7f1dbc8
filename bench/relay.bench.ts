/**
 * The relay's cost: N status calls (GET /api/v1/ping?d=es) for one store through the backend
 * (site token, the store's tentacle socket, acknowledgement) against the same call made directly
 * to the router simulator's own site API. Prints p50 and p99 of both and their ratio. Starts
 * nothing; loopback only. Connects to the store first (siteconnect, sitelogin) and leaves after.
 *
 *   BACKEND_URL=http://127.0.0.1:3000 SIMULATOR_URL=http://127.0.0.1:3200 \
 *   BENCH_USERNAME=admin@storecloud.local BENCH_PASSWORD=... BENCH_REQUESTS=2000 \
 *   BENCH_CONCURRENCY=8 node --import tsx bench/relay.bench.ts
 */
import { performance } from 'node:perf_hooks';
import {
  ACCESS_TOKEN_HEADER,
  API,
  loginResultSchema,
  SITE_API,
  SITE_SERVICE,
  SITE_TOKEN_HEADER,
  siteLoginResultSchema,
  siteVersionSchema,
} from '@store-cloud/contracts';
import { loopbackUrl, percentile, positiveInt } from './bench-env';

function settings(env: NodeJS.ProcessEnv) {
  const url = (name: string, fallback: string) => loopbackUrl(env, name, fallback).origin;
  const positive = (name: string, fallback: number) => positiveInt(env, name, fallback);
  if (!env.BENCH_PASSWORD) throw new Error('Set BENCH_USERNAME and BENCH_PASSWORD');
  return {
    backend: url('BACKEND_URL', 'http://127.0.0.1:3000'),
    simulator: url('SIMULATOR_URL', 'http://127.0.0.1:3200'),
    username: env.BENCH_USERNAME ?? 'admin@storecloud.local',
    password: env.BENCH_PASSWORD,
    company: positive('BENCH_COMPANY', 101),
    store: positive('BENCH_STORE', 1),
    requests: positive('BENCH_REQUESTS', 2000),
    concurrency: positive('BENCH_CONCURRENCY', 8),
  };
}

/** Runs `requests` calls at `concurrency`; returns sorted latencies (ms) and the failures. */
async function measure(requests: number, concurrency: number, call: () => Promise<void>) {
  await call(); // warm-up, and checks the settings
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t0 = performance.now();
        try {
          await call();
          latencies.push(performance.now() - t0);
        } catch {
          failed++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { sorted: latencies.sort((a, b) => a - b), failed, rate: requests / seconds };
}

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function main() {
  const s = settings(process.env);
  const login = loginResultSchema.parse(
    await json(
      await fetch(`${s.backend}${API.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: s.username, password: s.password }),
      }),
    ),
  );
  const portal = { 'content-type': 'application/json', [ACCESS_TOKEN_HEADER]: login.token! };
  const ref = { company: s.company, store: s.store };
  await json(
    await fetch(`${s.backend}${SITE_API.siteConnect}`, {
      method: 'POST',
      headers: portal,
      body: JSON.stringify(ref),
    }),
  );
  const site = siteLoginResultSchema.parse(
    await json(
      await fetch(`${s.backend}${SITE_API.siteLogin}`, {
        method: 'POST',
        headers: portal,
        body: JSON.stringify({ ...ref, username: null, password: null }),
      }),
    ),
  );
  const query = `?c=${s.company}&s=${s.store}&d=${SITE_SERVICE.serving}`;
  const call = (base: string, headers: Record<string, string>) => async () => {
    siteVersionSchema.parse(
      await json(await fetch(`${base}${SITE_API.ping}${query}`, { headers })),
    );
  };
  try {
    const relayed = await measure(
      s.requests,
      s.concurrency,
      call(s.backend, { [SITE_TOKEN_HEADER]: site.token }),
    );
    const direct = await measure(s.requests, s.concurrency, call(s.simulator, {}));
    const row = (name: string, r: typeof relayed) =>
      `${name.padEnd(22)} p50 ${percentile(r.sorted, 50).toFixed(2)} ms  p99 ${percentile(r.sorted, 99).toFixed(2)} ms  ${r.rate.toFixed(0)} req/s  failed ${r.failed}`;
    console.log(
      `relay bench: ${s.requests} GET ${SITE_API.ping}?d=es to store ${s.company}/${s.store}, concurrency ${s.concurrency}`,
    );
    console.log(row('through the backend', relayed));
    console.log(row('direct to simulator', direct));
    console.log(
      `ratio (backend / direct): p50 ${(percentile(relayed.sorted, 50) / percentile(direct.sorted, 50)).toFixed(1)}x, p99 ${(percentile(relayed.sorted, 99) / percentile(direct.sorted, 99)).toFixed(1)}x`,
    );
    if (relayed.failed || direct.failed) process.exitCode = 1;
  } finally {
    await fetch(`${s.backend}${SITE_API.siteLogout}`, {
      method: 'POST',
      headers: portal,
      body: JSON.stringify(ref),
    });
  }
}

main().catch((error: Error) => {
  console.error(`relay bench: ${error.message}`);
  process.exit(1);
});
