/**
 * How many stores one backend node holds on the /tentacle namespace: opens BENCH_STORES store
 * sockets from BENCH_PROCESSES client processes (a process holds at most one descriptor per
 * socket, and the descriptor limit is per process), each pinging every 5 s with an
 * acknowledgement; holds them for BENCH_SECONDS while it asks GET /portal/allstoresstatus as
 * BENCH_USERNAME over and over, and reports the connect time, ping acknowledgement latency, the
 * status answer's latency and, with BENCH_BACKEND_PID, the backend's CPU over the hold and its
 * RSS (from /proc). Starts nothing; loopback only.
 *
 *   BACKEND_URL=http://127.0.0.1:3000 TENTACLE_SECRET=... BENCH_STORES=20000 BENCH_PROCESSES=2 \
 *     BENCH_USERNAME=admin@storecloud.local BENCH_PASSWORD=... \
 *     BENCH_BACKEND_PID=$(pgrep -f backend/dist/main.js) node --import tsx bench/tentacles.bench.ts
 */
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  ACCESS_TOKEN_HEADER,
  API,
  COMPANY_API,
  loginResultSchema,
  storeStatusSchema,
  TENTACLE,
  tentacleSecretMessage,
} from '@store-cloud/contracts';
import { io, type Socket } from 'socket.io-client';
import { cpuSeconds, loopbackUrl, percentile, positiveInt } from './bench-env';

/** Ids clear of the demo fleet; the online list does not need master data. */
const COMPANY_BASE = 90_000;
const STORES_PER_COMPANY = 100;
const CONNECT_CONCURRENCY = 200;
/** Pause between two status calls of the hold (one caller, as a portal polling). */
const STATUS_PAUSE_MS = 100;
const STATUS_TIMEOUT_MS = 10_000;

function settings(env: NodeJS.ProcessEnv) {
  const base = loopbackUrl(env, 'BACKEND_URL', 'http://127.0.0.1:3000');
  const secret = env.TENTACLE_SECRET;
  if (!secret) throw new Error('Set TENTACLE_SECRET (the stack keeps it in DATA_DIR/secrets.json)');
  const positive = (name: string, fallback: number) => positiveInt(env, name, fallback);
  const pid = env.BENCH_BACKEND_PID ? positive('BENCH_BACKEND_PID', 1) : undefined;
  return {
    base: base.origin,
    secret,
    stores: positive('BENCH_STORES', 5000),
    processes: positive('BENCH_PROCESSES', 1),
    seconds: positive('BENCH_SECONDS', 30),
    username: env.BENCH_USERNAME,
    password: env.BENCH_PASSWORD,
    pid,
  };
}

const storeIds = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    company: COMPANY_BASE + Math.floor(i / STORES_PER_COMPANY) + 1,
    store: (i % STORES_PER_COMPANY) + 1,
  }));

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : NaN;
}

/** Messages between the coordinator and a client process. */
type ToWorker = { type: 'hold' } | { type: 'stop' };
type FromWorker =
  | { type: 'connected'; connected: number; refused: number }
  | { type: 'result'; acks: number[]; failed: number; cpuSeconds: number };

/** A client process: opens its share of the stores and pings until told to stop. */
async function worker(s: ReturnType<typeof settings>, from: number, to: number) {
  const ids = storeIds(to).slice(from);
  const sockets: Socket[] = [];
  let acks: number[] = [];
  let failedPings = 0;
  let refused = 0;
  const timers: NodeJS.Timeout[] = [];
  const send = (m: FromWorker) => process.send!(m);
  // The coordinator is gone (it failed): nothing will stop us otherwise.
  process.once('disconnect', () => process.exit(1));

  const open = (company: number, store: number) =>
    new Promise<void>((resolve) => {
      const secret = createHmac('sha256', s.secret)
        .update(tentacleSecretMessage(company, store))
        .digest('hex');
      const socket = io(`${s.base}${TENTACLE.namespace}`, {
        auth: { company, store, secret, tentacleVersion: 'bench' },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      socket.once('connect', () => {
        const ping = async () => {
          const started = performance.now();
          try {
            const ack = await socket
              .timeout(10_000)
              .emitWithAck(TENTACLE.pingEvent, { tentacleVersion: 'bench' });
            if ((ack as { ok?: boolean }).ok) acks.push(performance.now() - started);
            else failedPings++;
          } catch {
            failedPings++;
          }
        };
        // Spread the pings over the period, as real stores are.
        const offset = Math.random() * TENTACLE.pingIntervalMs;
        timers.push(
          setTimeout(() => {
            void ping();
            timers.push(setInterval(() => void ping(), TENTACLE.pingIntervalMs));
          }, offset),
        );
        resolve();
      });
      socket.once('connect_error', () => {
        refused++;
        resolve();
      });
    });

  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < ids.length) {
        const { company, store } = ids[next++]!;
        await open(company, store);
      }
    }),
  );
  send({ type: 'connected', connected: sockets.filter((x) => x.connected).length, refused });
  let cpuBefore = process.cpuUsage();
  process.on('message', (m: ToWorker) => {
    if (m.type === 'hold') {
      acks = [];
      failedPings = 0;
      cpuBefore = process.cpuUsage();
      return;
    }
    const cpu = process.cpuUsage(cpuBefore);
    for (const t of timers) clearTimeout(t);
    for (const socket of sockets) socket.disconnect();
    process.removeAllListeners('disconnect');
    // Only once the (large) result is on its way: a disconnect right after send loses it.
    const result: FromWorker = {
      type: 'result',
      acks,
      failed: failedPings,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
    process.send!(result, () => process.disconnect());
  });
}

/** The access token of BENCH_USERNAME, for the status calls. */
async function accessToken(s: ReturnType<typeof settings>): Promise<string | undefined> {
  if (!s.username || !s.password) return undefined;
  const res = await fetch(`${s.base}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: s.username, password: s.password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return loginResultSchema.parse(await res.json()).token!;
}

async function coordinator(s: ReturnType<typeof settings>) {
  const token = await accessToken(s);
  const rssBefore = s.pid ? rssMiB(s.pid) : NaN;
  const share = Math.ceil(s.stores / s.processes);
  const workers = Array.from({ length: s.processes }, (_, i) =>
    fork(__filename, [], {
      env: {
        ...process.env,
        BENCH_WORKER_FROM: String(i * share),
        BENCH_WORKER_TO: String(Math.min(s.stores, (i + 1) * share)),
      },
      execArgv: process.execArgv,
    }),
  );
  const next = (w: (typeof workers)[number], type: FromWorker['type']) =>
    new Promise<FromWorker>((resolve, reject) => {
      const onMessage = (m: FromWorker) => {
        if (m.type !== type) return;
        w.off('message', onMessage);
        resolve(m);
      };
      w.on('message', onMessage);
      // Settled already when the message came first.
      w.once('exit', (code, signal) =>
        reject(new Error(`client process ended (${signal ?? code}) before '${type}'`)),
      );
    });

  const connectStarted = performance.now();
  const ready = (await Promise.all(workers.map((w) => next(w, 'connected')))) as Array<
    Extract<FromWorker, { type: 'connected' }>
  >;
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const connected = ready.reduce((n, r) => n + r.connected, 0);
  const refused = ready.reduce((n, r) => n + r.refused, 0);

  for (const w of workers) w.send({ type: 'hold' } satisfies ToWorker);
  const cpuBefore = s.pid ? cpuSeconds(s.pid) : 0;
  const holdStarted = performance.now();
  const holdEnds = holdStarted + s.seconds * 1000;
  // The portal's status call while the fleet pings, one at a time.
  const statusLatencies: number[] = [];
  let statusFailed = 0;
  let statusStores = 0;
  let lastStatusError = '';
  while (performance.now() < holdEnds) {
    if (token) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${s.base}${COMPANY_API.allStoresStatus}`, {
          headers: { [ACCESS_TOKEN_HEADER]: token },
          signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
        });
        const body = (await res.json()) as unknown[];
        if (!res.ok) throw new Error(`${res.status}`);
        statusLatencies.push(performance.now() - t0);
        statusStores = body.length;
      } catch (error) {
        statusFailed++;
        lastStatusError = error instanceof Error ? error.message : String(error);
      }
    }
    await new Promise((r) => setTimeout(r, STATUS_PAUSE_MS));
  }
  const held = (performance.now() - holdStarted) / 1000;
  const backendCores = s.pid ? (cpuSeconds(s.pid) - cpuBefore) / held : undefined;
  const rssHeld = s.pid ? rssMiB(s.pid) : NaN;

  // A sample of the stores, as the portal sees them.
  const ids = storeIds(s.stores);
  let online = 0;
  const sample = ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / 20)) === 0);
  for (const { company, store } of sample) {
    const res = await fetch(`${s.base}${COMPANY_API.storeStatus}?c=${company}&s=${store}`);
    if (storeStatusSchema.parse(await res.json()).status === 1) online++;
  }

  const results = (await Promise.all(
    workers.map((w) => {
      const result = next(w, 'result');
      w.send({ type: 'stop' } satisfies ToWorker);
      return result;
    }),
  )) as Array<Extract<FromWorker, { type: 'result' }>>;
  const acks = results.flatMap((r) => r.acks).sort((a, b) => a - b);
  const failedPings = results.reduce((n, r) => n + r.failed, 0);
  const clientCores = results.reduce((n, r) => n + r.cpuSeconds, 0) / held;
  statusLatencies.sort((a, b) => a - b);

  console.log(`stores requested        ${s.stores} from ${s.processes} client process(es)`);
  console.log(
    `connected               ${connected} (refused ${refused}) in ${connectSeconds.toFixed(1)} s`,
  );
  console.log(
    `held                    ${held.toFixed(0)} s, pings every ${TENTACLE.pingIntervalMs / 1000} s`,
  );
  console.log(
    `pings acknowledged      ${acks.length} (${(acks.length / held).toFixed(0)}/s), failed ${failedPings}`,
  );
  console.log(
    `ping ack latency        p50 ${percentile(acks, 50).toFixed(1)} ms, p95 ${percentile(acks, 95).toFixed(1)} ms, max ${percentile(acks, 100).toFixed(1)} ms`,
  );
  if (token)
    console.log(
      `allstoresstatus         ${statusLatencies.length} calls (${statusStores} stores each), p50 ${percentile(statusLatencies, 50).toFixed(1)} ms, p99 ${percentile(statusLatencies, 99).toFixed(1)} ms, failed ${statusFailed}${lastStatusError ? ` (${lastStatusError})` : ''}`,
    );
  console.log(`online in /storestatus  ${online} of ${sample.length} sampled`);
  if (backendCores !== undefined) {
    console.log(`backend CPU             ${backendCores.toFixed(2)} cores`);
    console.log(
      `backend RSS             ${rssBefore.toFixed(0)} MiB before, ${rssHeld.toFixed(0)} MiB held (${(((rssHeld - rssBefore) * 1024) / Math.max(1, connected)).toFixed(1)} KiB per store socket)`,
    );
  }
  console.log(`client CPU              ${clientCores.toFixed(2)} cores`);
  if (connected < s.stores || failedPings || statusFailed || online < sample.length)
    process.exitCode = 1;
}

const s = settings(process.env);
const run =
  process.env.BENCH_WORKER_FROM !== undefined
    ? worker(s, Number(process.env.BENCH_WORKER_FROM), Number(process.env.BENCH_WORKER_TO))
    : coordinator(s);
run.catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
