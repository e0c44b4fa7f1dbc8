/**
 * The relay's cost: N status calls (GET /api/v1/ping?d=es) for one store through the backend
 * (site token, the store's tentacle socket, acknowledgement) against the same call made directly
 * to the router simulator's own site API, interleaved, at each concurrency; prints p50 and p99
 * of both against the goals. Starts nothing; loopback only. Connects to the store first (siteconnect, sitelogin) and leaves after.
 *
 *   BACKEND_URL=http://127.0.0.1:3000 SIMULATOR_URL=http://127.0.0.1:3200 \
 *   BENCH_USERNAME=admin@storecloud.local BENCH_PASSWORD=... BENCH_REQUESTS=2000 \
 *   BENCH_CONCURRENCIES=1,8 BENCH_ROUNDS=10 node --import tsx bench/relay.bench.ts
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
  const concurrencies = (env.BENCH_CONCURRENCIES ?? '1,8').split(',').map(Number);
  if (!concurrencies.every((c) => Number.isInteger(c) && c >= 1))
    throw new Error('BENCH_CONCURRENCIES must be positive integers, e.g. 1,8');
  return {
    backend: url('BACKEND_URL', 'http://127.0.0.1:3000'),
    simulator: url('SIMULATOR_URL', 'http://127.0.0.1:3200'),
    username: env.BENCH_USERNAME ?? 'admin@storecloud.local',
    password: env.BENCH_PASSWORD,
    company: positive('BENCH_COMPANY', 101),
    store: positive('BENCH_STORE', 1),
    requests: positive('BENCH_REQUESTS', 2000),
    rounds: positive('BENCH_ROUNDS', 10),
    concurrencies,
  };
}

interface Sample {
  latencies: number[];
  failed: number;
}

/** Runs `requests` calls at `concurrency`, adding latencies (ms) and failures to `into`. */
async function measure(
  requests: number,
  concurrency: number,
  call: () => Promise<void>,
  into: Sample,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t0 = performance.now();
        try {
          await call();
          into.latencies.push(performance.now() - t0);
        } catch {
          into.failed++;
        }
      }
    }),
  );
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
  const relayedCall = call(s.backend, { [SITE_TOKEN_HEADER]: site.token });
  const directCall = call(s.simulator, {});
  try {
    // One warm-up call each, which also checks the settings.
    await relayedCall();
    await directCall();
    console.log(
      `relay bench: GET ${SITE_API.ping}?d=es to store ${s.company}/${s.store}, ${s.requests} calls each way per concurrency, relay and direct interleaved in ${s.rounds} rounds`,
    );
    for (const concurrency of s.concurrencies) {
      const relayed: Sample = { latencies: [], failed: 0 };
      const direct: Sample = { latencies: [], failed: 0 };
      // Interleaved rounds: a change in the machine's load falls on both sides alike.
      const perRound = Math.max(1, Math.ceil(s.requests / s.rounds));
      for (let round = 0; round < s.rounds; round++) {
        await measure(perRound, concurrency, relayedCall, relayed);
        await measure(perRound, concurrency, directCall, direct);
      }
      const p = (x: Sample, q: number) =>
        percentile(
          x.latencies.sort((a, b) => a - b),
          q,
        );
      const row = (name: string, x: Sample) =>
        `  ${name.padEnd(20)} p50 ${p(x, 50).toFixed(2)} ms  p99 ${p(x, 99).toFixed(2)} ms  failed ${x.failed}`;
      console.log(`concurrency ${concurrency}`);
      console.log(row('through the backend', relayed));
      console.log(row('direct to simulator', direct));
      // The goals: at concurrency 1, p50 within +0.6 ms of direct; at every
      // concurrency, p99 at most 1.5 x direct + 2 ms.
      const p50Extra = p(relayed, 50) - p(direct, 50);
      const p50Goal =
        concurrency === 1 ? ` (goal +0.6: ${p50Extra <= 0.6 ? 'within' : 'over'})` : '';
      const p99Bound = 1.5 * p(direct, 99) + 2;
      console.log(
        `  relay adds p50 +${p50Extra.toFixed(2)} ms${p50Goal}, p99 ${p(relayed, 99).toFixed(2)} ms vs bound 1.5 x direct + 2 = ${p99Bound.toFixed(2)} ms: ${p(relayed, 99) <= p99Bound ? 'within' : 'over'}`,
      );
      if (relayed.failed || direct.failed) process.exitCode = 1;
    }
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
