/**
 * A synthetic fleet of store sockets for a bench (portal-fleet.bench.ts): `count` stores on
 * `/tentacle` (ids from company 90001 on, 100 stores each, as tentacles.bench.ts uses), held by
 * child processes (the open-file limit is per process: one descriptor per socket), each pinging
 * every 5 s as real stores do. `churn(n)` makes n stores a second go offline (their socket
 * closed) and the n of the second before come back (a new socket), so the portal gets a steady
 * stream of live deltas while the fleet size stays the same.
 */
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { TENTACLE, tentacleSecretMessage } from '@store-cloud/contracts';
import { io, type Socket } from 'socket.io-client';

const COMPANY_BASE = 90_000;
const STORES_PER_COMPANY = 100;
const CONNECT_CONCURRENCY = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 200);
/** Descriptors a process needs besides its sockets. */
const CLIENT_OWN_FDS = 64;
const WORKER_ENV = 'BENCH_STORE_CLIENT';

export interface StoreId {
  company: number;
  store: number;
}

export const storeIds = (count: number): StoreId[] =>
  Array.from({ length: count }, (_, i) => ({
    company: COMPANY_BASE + Math.floor(i / STORES_PER_COMPANY) + 1,
    store: (i % STORES_PER_COMPANY) + 1,
  }));

/** The store ids of each company, for connecting the fleet (bench-fleet.ts). */
export function companiesOf(ids: readonly StoreId[]): Map<number, number[]> {
  const companies = new Map<number, number[]>();
  for (const { company, store } of ids)
    companies.set(company, [...(companies.get(company) ?? []), store]);
  return companies;
}

interface WorkerSettings {
  base: string;
  secret: string;
  from: number;
  to: number;
}
type ToWorker = { type: 'churn'; perSecond: number } | { type: 'stop' };
type FromWorker = { type: 'connected'; connected: number; refused: number; lastError: string };

export interface HeldStores {
  connected: number;
  refused: number;
  lastError: string;
  processes: number;
  /** n stores a second go offline, and those of the second before come back. */
  churn(perSecondTotal: number): void;
  stop(): void;
}

/** Opens `count` store sockets to `base` from enough child processes, and waits for them. */
export async function holdStores(
  base: string,
  secret: string,
  count: number,
  minProcesses = 1,
): Promise<HeldStores> {
  const limit = Number(
    readFileSync('/proc/self/limits', 'utf8').match(/^Max open files\s+(\d+)/m)?.[1] ?? Infinity,
  );
  const processes = Math.max(minProcesses, Math.ceil(count / (limit - CLIENT_OWN_FDS)));
  const share = Math.ceil(count / processes);
  const workers = Array.from({ length: processes }, (_, i) => {
    const settings: WorkerSettings = {
      base,
      secret,
      from: i * share,
      to: Math.min(count, (i + 1) * share),
    };
    return fork(__filename, [], {
      env: { ...process.env, [WORKER_ENV]: JSON.stringify(settings) },
      execArgv: process.execArgv,
    });
  });
  const ready = await Promise.all(
    workers.map(
      (w) =>
        new Promise<FromWorker>((resolve, reject) => {
          w.once('message', (m: FromWorker) => resolve(m));
          w.once('exit', (code, signal) =>
            reject(new Error(`store client ended (${signal ?? code})`)),
          );
        }),
    ),
  );
  return {
    connected: ready.reduce((n, r) => n + r.connected, 0),
    refused: ready.reduce((n, r) => n + r.refused, 0),
    lastError: ready.map((r) => r.lastError).find(Boolean) ?? '',
    processes,
    churn(perSecondTotal) {
      const each = Math.ceil(perSecondTotal / processes);
      for (const w of workers) w.send({ type: 'churn', perSecond: each } satisfies ToWorker);
    },
    stop() {
      for (const w of workers) if (w.connected) w.send({ type: 'stop' } satisfies ToWorker);
    },
  };
}

/** A client process: opens its stores, pings every 5 s, churns when told. */
async function worker(s: WorkerSettings) {
  const ids = storeIds(s.to).slice(s.from);
  const sockets = new Map<number, Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let refused = 0;
  let lastError = '';
  process.once('disconnect', () => process.exit(1));

  const open = (k: number) =>
    new Promise<void>((resolve) => {
      const { company, store } = ids[k]!;
      const auth = {
        company,
        store,
        secret: createHmac('sha256', s.secret)
          .update(tentacleSecretMessage(company, store))
          .digest('hex'),
        tentacleVersion: 'bench',
      };
      const socket = io(`${s.base}${TENTACLE.namespace}`, {
        auth,
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.set(k, socket);
      socket.once('connect', () => {
        const ping = () =>
          socket.connected &&
          void socket
            .timeout(10_000)
            .emitWithAck(TENTACLE.pingEvent, { tentacleVersion: 'bench' })
            .catch(() => undefined);
        const first = setTimeout(() => {
          timers.delete(first);
          ping();
          const every = setInterval(ping, TENTACLE.pingIntervalMs);
          timers.add(every);
          socket.once('disconnect', () => {
            clearInterval(every);
            timers.delete(every);
          });
        }, Math.random() * TENTACLE.pingIntervalMs);
        timers.add(first);
        resolve();
      });
      socket.once('connect_error', (error) => {
        refused++;
        lastError = error.message;
        sockets.delete(k);
        resolve();
      });
    });

  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < ids.length) await open(next++);
    }),
  );
  const connected = [...sockets.values()].filter((x) => x.connected).length;
  process.send!({ type: 'connected', connected, refused, lastError } satisfies FromWorker);

  let away: number[] = [];
  process.on('message', (m: ToWorker) => {
    if (m.type === 'churn') {
      const churn = setInterval(() => {
        // The stores that left a second ago come back; as many others leave.
        for (const k of away) void open(k);
        const present = [...sockets.keys()];
        away = Array.from(
          { length: Math.min(m.perSecond, present.length) },
          () => present[Math.floor(Math.random() * present.length)]!,
        );
        away = [...new Set(away)];
        for (const k of away) {
          sockets.get(k)?.disconnect();
          sockets.delete(k);
        }
      }, 1000);
      timers.add(churn);
      return;
    }
    for (const t of timers) clearTimeout(t);
    for (const socket of sockets.values()) socket.disconnect();
    process.removeAllListeners('disconnect');
    process.disconnect();
  });
}

if (process.env[WORKER_ENV]) {
  worker(JSON.parse(process.env[WORKER_ENV]) as WorkerSettings).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
