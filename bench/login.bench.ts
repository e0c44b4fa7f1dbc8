/**
 * Login throughput of the backend: N POST /portallogin with bounded concurrency against a stack
 * that is already running (this script starts nothing). Loopback only, so it can never load a
 * shared or production server by mistake.
 *
 *   BACKEND_URL=http://127.0.0.1:3000 BENCH_USERNAME=... BENCH_PASSWORD=... \
 *     node --import tsx bench/login.bench.ts
 *
 * Note: bcrypt at cost 10 costs about 50 ms of CPU per login by design, and the backend's
 * throttler may answer 429 to a burst from one address; both show in the figures.
 */
import { API, loginResultSchema } from '@store-cloud/contracts';
import { performance } from 'node:perf_hooks';
import { loopbackUrl, percentile, positiveInt } from './bench-env';

interface Settings {
  url: string;
  username: string;
  password: string;
  requests: number;
  concurrency: number;
}

function settings(env: NodeJS.ProcessEnv): Settings {
  const base = loopbackUrl(env, 'BACKEND_URL', 'http://127.0.0.1:3000');
  const username = env.BENCH_USERNAME ?? env.ADMIN_USERNAME;
  const password = env.BENCH_PASSWORD ?? env.ADMIN_PASSWORD;
  if (!username || !password) throw new Error('Set BENCH_USERNAME and BENCH_PASSWORD');
  return {
    url: new URL(API.login, base).toString(),
    username,
    password,
    requests: positiveInt(env, 'BENCH_REQUESTS', 200),
    concurrency: positiveInt(env, 'BENCH_CONCURRENCY', 8),
  };
}

async function loginOnce(s: Settings): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(s.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: s.username, password: s.password }),
  });
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (response.ok && !loginResultSchema.parse(body).token) return { ms, status: -1 };
  return { ms, status: response.status };
}

async function main(): Promise<void> {
  const s = settings(process.env);
  // One warm-up login: checks the credentials before measuring anything.
  const first = await loginOnce(s);
  if (first.status !== 200) throw new Error(`warm-up login failed with status ${first.status}`);

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < s.requests) {
      next += 1;
      const { ms, status } = await loginOnce(s);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) latencies.push(ms);
    }
  };
  await Promise.all(Array.from({ length: s.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;

  latencies.sort((a, b) => a - b);
  const ok = latencies.length;
  console.log(`login bench: ${s.requests} requests, concurrency ${s.concurrency}, ${s.url}`);
  console.log(
    `  ok ${ok}, others ${JSON.stringify(Object.fromEntries([...statuses].filter(([k]) => k !== 200)))}`,
  );
  if (ok) {
    console.log(
      `  p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
    );
  }
  console.log(`  ${(ok / seconds).toFixed(1)} successful logins/s over ${seconds.toFixed(2)} s`);
  if (ok < s.requests) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`login bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
