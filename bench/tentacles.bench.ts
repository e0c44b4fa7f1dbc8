/**
 * How many stores one backend node holds on the /tentacle namespace: opens BENCH_STORES store
 * sockets (as the router simulator does), each pinging every 5 s with an acknowledgement, holds
 * them for BENCH_SECONDS, and reports the connect time, ping acknowledgement latency and, with
 * BENCH_BACKEND_PID, the backend's CPU over the hold (from /proc). Starts nothing; loopback only.
 *
 *   BACKEND_URL=http://127.0.0.1:3000 TENTACLE_SECRET=... BENCH_STORES=5000 \
 *     BENCH_BACKEND_PID=$(pgrep -f backend/dist/main.js) node --import tsx bench/tentacles.bench.ts
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  COMPANY_API,
  storeStatusSchema,
  TENTACLE,
  tentacleSecretMessage,
} from '@store-cloud/contracts';
import { io, type Socket } from 'socket.io-client';
import { loopbackUrl, percentile, positiveInt } from './bench-env';

/** Ids clear of the demo fleet; the online list does not need master data. */
const COMPANY_BASE = 90_000;
const STORES_PER_COMPANY = 100;
const CONNECT_CONCURRENCY = 200;

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
    seconds: positive('BENCH_SECONDS', 30),
    pid,
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main() {
  const s = settings(process.env);
  const ids = Array.from({ length: s.stores }, (_, i) => ({
    company: COMPANY_BASE + Math.floor(i / STORES_PER_COMPANY) + 1,
    store: (i % STORES_PER_COMPANY) + 1,
  }));
  const sockets: Socket[] = [];
  const acks: number[] = [];
  let failedPings = 0;
  let refused = 0;
  const timers: NodeJS.Timeout[] = [];

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

  const connectStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < ids.length) {
        const { company, store } = ids[next++]!;
        await open(company, store);
      }
    }),
  );
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const connected = sockets.filter((x) => x.connected).length;

  acks.length = 0;
  failedPings = 0;
  const cpuBefore = s.pid ? cpuSeconds(s.pid) : 0;
  const ownBefore = process.cpuUsage();
  const holdStarted = performance.now();
  await new Promise((r) => setTimeout(r, s.seconds * 1000));
  const held = (performance.now() - holdStarted) / 1000;
  const backendCores = s.pid ? (cpuSeconds(s.pid) - cpuBefore) / held : undefined;
  const own = process.cpuUsage(ownBefore);
  const benchCores = (own.user + own.system) / 1e6 / held;

  // A sample of the stores, as the portal sees them.
  let online = 0;
  const sample = ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / 20)) === 0);
  for (const { company, store } of sample) {
    const res = await fetch(`${s.base}${COMPANY_API.storeStatus}?c=${company}&s=${store}`);
    if (storeStatusSchema.parse(await res.json()).status === 1) online++;
  }

  for (const t of timers) clearTimeout(t);
  for (const socket of sockets) socket.disconnect();

  const sorted = acks.sort((a, b) => a - b);
  console.log(`stores requested        ${s.stores}`);
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
    `ping ack latency        p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(1)} ms`,
  );
  console.log(`online in /storestatus  ${online} of ${sample.length} sampled`);
  if (backendCores !== undefined)
    console.log(`backend CPU             ${backendCores.toFixed(2)} cores`);
  console.log(`bench CPU               ${benchCores.toFixed(2)} cores`);
  if (connected < s.stores || failedPings || online < sample.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
