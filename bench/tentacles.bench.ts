/**
 * How many stores one backend node holds on the /tentacle namespace: opens BENCH_STORES store
 * sockets from BENCH_PROCESSES client processes (a process holds at most one descriptor per
 * socket, and the descriptor limit is per process), each pinging every 5 s with an
 * acknowledgement; holds them for BENCH_SECONDS while it asks GET /portal/allstoresstatus as
 * BENCH_USERNAME (a see-all admin) and BENCH_COMPANY_USERNAME (a company user) in turn, and
 * reports the connect time, ping acknowledgement latency, the status answer's latency per user
 * and, with BENCH_BACKEND_PID, the backend's CPU over the hold, its RSS (from /proc) and whether
 * its open-file limit lets it hold the target; with BENCH_INSPECT_PORT also its heap after a
 * forced GC, idle and holding (heap and RSS per store socket), and with BENCH_CPU_PROFILE a CPU
 * profile of the backend over the hold. Starts nothing; loopback only. With BENCH_PROXY_URL (the
 * portal server of npm start, e.g. http://127.0.0.1:4200, or compose's nginx) the store sockets
 * and the status calls go through that proxy instead of straight to BACKEND_URL (two
 * connections per store socket there; an https proxy's certificate is not checked).
 *
 * With BENCH_NODE_URLS (and BENCH_NODE_PIDS) the stores are spread over several API nodes (issue
 * 31: `API_NODES=2 npm start`, then 30,000 stores), and it prints each node's CPU, memory and ack
 * times and its status answer's p99 plain, gzip and as a browser asks (bench-nodes.ts).
 *
 *   BACKEND_URL=http://127.0.0.1:3000 TENTACLE_SECRET=... BENCH_STORES=20000 BENCH_PROCESSES=2 \
 *     BENCH_USERNAME=admin@storecloud.local BENCH_PASSWORD=... \
 *     BENCH_BACKEND_PID=$(pgrep -f backend/dist/main.js) node --import tsx bench/tentacles.bench.ts
 */
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import WebSocket from 'ws';
import { type BenchFleet, connectBenchFleet, removeBenchFleet } from './bench-fleet';
import { cpuSeconds, loopbackUrl, percentile, positiveInt } from './bench-env';
import { benchNodes, coresPerThousandPings, NodeUsage, rssMiB } from './bench-nodes';

/** Ids clear of the demo fleet; the online list does not need master data. */
const COMPANY_BASE = 90_000;
const STORES_PER_COMPANY = 100;
const CONNECT_CONCURRENCY = 200;
/** With several nodes, each is asked plain, gzip only, and as a browser asks (br first). */
const STATUS_ENCODINGS = ['identity', 'gzip', 'gzip, deflate, br'];
/** Pause between two status calls of the hold (one caller, as a portal polling). */
const STATUS_PAUSE_MS = 100;
const STATUS_TIMEOUT_MS = 10_000;
/** Descriptors a process needs besides its sockets (stdio, IPC, the event loop, Redis, DB...). */
const CLIENT_OWN_FDS = 64;
const BACKEND_SPARE_FDS = 50;

function settings(env: NodeJS.ProcessEnv) {
  const base = env.BENCH_PROXY_URL
    ? loopbackUrl(env, 'BENCH_PROXY_URL', '')
    : loopbackUrl(env, 'BACKEND_URL', 'http://127.0.0.1:3000');
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
    companyUsername: env.BENCH_COMPANY_USERNAME,
    companyPassword: env.BENCH_COMPANY_PASSWORD,
    pid,
    /** BENCH_NODE_URLS: the API nodes the stores are spread over (bench-nodes.ts). */
    nodes: benchNodes(env, base.origin, pid),
    inspectPort: env.BENCH_INSPECT_PORT ? positive('BENCH_INSPECT_PORT', 9229) : undefined,
    cpuProfile: env.BENCH_CPU_PROFILE,
    /** With MONGODB_URI (the stack's database), the bench's stores become a connected fleet. */
    fleetDb: env.MONGODB_URI ? loopbackUrl(env, 'MONGODB_URI', '').toString() : undefined,
    database: env.BENCH_DATABASE ?? 'storecloud',
    /**
     * How the status answers are asked for: identity (default; on loopback the transfer is
     * cheaper than the client's gunzip) or gzip (what a browser asks for).
     */
    statusEncoding: env.BENCH_STATUS_ENCODING === 'gzip' ? 'gzip' : 'identity',
  };
}

/** The store ids of each company, for the connected fleet. */
function companiesOf(ids: Array<{ company: number; store: number }>): Map<number, number[]> {
  const companies = new Map<number, number[]>();
  for (const { company, store } of ids)
    companies.set(company, [...(companies.get(company) ?? []), store]);
  return companies;
}

const storeIds = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    company: COMPANY_BASE + Math.floor(i / STORES_PER_COMPANY) + 1,
    store: (i % STORES_PER_COMPANY) + 1,
  }));

/** The soft open-file limit of a process, from /proc (Linux). */
function openFileLimit(pid: number | 'self'): number {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8').match(/^Max open files\s+(\d+)/m);
  return line ? Number(line[1]) : Infinity;
}

/** How many descriptors a process has open now. */
const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/**
 * The backend's inspector (Chrome DevTools protocol over a WebSocket): forced GC, heap use and
 * a CPU profile. `kill -USR1 <pid>` opens it on 127.0.0.1:9229 in a running backend.
 */
async function inspector(port: number, pid: number | undefined) {
  const list = async () =>
    (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
      webSocketDebuggerUrl: string;
    }>;
  let targets = await list().catch(() => undefined);
  if (!targets && pid && port === 9229) {
    process.kill(pid, 'SIGUSR1');
    await new Promise((r) => setTimeout(r, 1000));
    targets = await list();
  }
  if (!targets?.[0]) throw new Error(`no inspector on 127.0.0.1:${port}`);
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl, { perMessageDeflate: false });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const waiting = new Map<number, (r: unknown) => void>();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { id?: number; result?: unknown };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result);
  });
  const call = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      waiting.set(++id, resolve as (r: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  if (pid) {
    // The port may be another process's inspector: never measure (or GC) the wrong one.
    const { result } = await call<{ result: { value: unknown } }>('Runtime.evaluate', {
      expression: 'process.pid',
    });
    if (result.value !== pid) {
      ws.close();
      throw new Error(`the inspector on ${port} is pid ${String(result.value)}'s, not ${pid}'s`);
    }
  }
  return {
    /** Heap in use after a full GC, in MiB. */
    async heapAfterGc(): Promise<number> {
      await call('HeapProfiler.collectGarbage');
      const { usedSize } = await call<{ usedSize: number }>('Runtime.getHeapUsage');
      return usedSize / 1024 / 1024;
    },
    startProfile: async () => {
      await call('Profiler.enable');
      await call('Profiler.start');
    },
    stopProfile: async () => (await call<{ profile: CpuProfile }>('Profiler.stop')).profile,
    close: () => ws.close(),
  };
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples: number[];
}

/** The functions with the most samples of their own, as "share name (file:line)". */
function topSelf(profile: CpuProfile, count: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const f = byId.get(id)!.callFrame;
    const file = f.url.replace(/^.*node_modules\//, '').replace(/^.*\/backend\//, '');
    const name = `${f.functionName || '(anonymous)'} ${file ? `(${file}:${f.lineNumber + 1})` : ''}`;
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, n]) => `${((100 * n) / profile.samples.length).toFixed(1).padStart(5)} %  ${name}`,
    );
}

/** Messages between the coordinator and a client process. */
type ToWorker = { type: 'hold' } | { type: 'held' } | { type: 'stop' };
type FromWorker =
  | { type: 'connected'; connected: number; refused: number; lastError: string }
  | { type: 'result'; acks: number[][]; failed: number; cpuSeconds: number };

/** A client process: opens its share of the stores and pings until told to stop. */
async function worker(s: ReturnType<typeof settings>, from: number, to: number) {
  const ids = storeIds(to).slice(from);
  const sockets: Socket[] = [];
  /** Acknowledgement times per node. */
  const noAcks = () => s.nodes.map((): number[] => []);
  let acks = noAcks();
  let failedPings = 0;
  let counting = false;
  let refused = 0;
  let lastError = '';
  const timers: NodeJS.Timeout[] = [];
  const send = (m: FromWorker) => process.send!(m);
  // The coordinator is gone (it failed): nothing will stop us otherwise.
  process.once('disconnect', () => process.exit(1));

  const open = (company: number, store: number, node: number) =>
    new Promise<void>((resolve) => {
      const secret = createHmac('sha256', s.secret)
        .update(tentacleSecretMessage(company, store))
        .digest('hex');
      const socket = io(`${s.nodes[node]!.url}${TENTACLE.namespace}`, {
        auth: { company, store, secret, tentacleVersion: 'bench' },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        // A proxy's self-signed certificate (compose's nginx on loopback).
        rejectUnauthorized: false,
      });
      sockets.push(socket);
      socket.once('connect', () => {
        const ping = async () => {
          // Only pings sent during the hold count (the sample after it may take a while).
          const counts = counting;
          const started = performance.now();
          try {
            const ack = await socket
              .timeout(10_000)
              .emitWithAck(TENTACLE.pingEvent, { tentacleVersion: 'bench' });
            if (!counts) return;
            if ((ack as { ok?: boolean }).ok) acks[node]!.push(performance.now() - started);
            else failedPings++;
          } catch {
            if (counts) failedPings++;
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
      socket.once('connect_error', (error) => {
        refused++;
        lastError = error.message;
        resolve();
      });
    });

  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < ids.length) {
        const k = next++;
        const { company, store } = ids[k]!;
        // Round robin over the nodes, as a balancer spreads the stores.
        await open(company, store, (from + k) % s.nodes.length);
      }
    }),
  );
  send({
    type: 'connected',
    connected: sockets.filter((x) => x.connected).length,
    refused,
    lastError,
  });
  let cpuBefore = process.cpuUsage();
  let cpuHold: NodeJS.CpuUsage | undefined;
  process.on('message', (m: ToWorker) => {
    if (m.type === 'hold') {
      acks = noAcks();
      failedPings = 0;
      counting = true;
      cpuBefore = process.cpuUsage();
      return;
    }
    if (m.type === 'held') {
      counting = false;
      cpuHold = process.cpuUsage(cpuBefore);
      return;
    }
    const cpu = cpuHold ?? process.cpuUsage(cpuBefore);
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

/** A user's access token, for the status calls. */
async function accessToken(
  base: string,
  username: string | undefined,
  password: string | undefined,
): Promise<string | undefined> {
  if (!username || !password) return undefined;
  const res = await fetch(`${base}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login of ${username}: ${res.status}`);
  return loginResultSchema.parse(await res.json()).token!;
}

/** The status calls of one user during the hold. */
class StatusCaller {
  readonly latencies: number[] = [];
  failed = 0;
  stores = 0;
  lastError = '';
  constructor(
    readonly label: string,
    private readonly base: string,
    private readonly token: string,
    private readonly encoding: string,
  ) {}

  /** Forgets the calls made so far (a warm-up). */
  reset() {
    this.latencies.length = 0;
    this.failed = 0;
  }

  async call() {
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.base}${COMPANY_API.allStoresStatus}`, {
        headers: { [ACCESS_TOKEN_HEADER]: this.token, 'accept-encoding': this.encoding },
        signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${res.status}`);
      // Until the whole answer arrived: parsing it is the bench client's own work.
      this.latencies.push(performance.now() - t0);
      this.stores = (JSON.parse(text) as unknown[]).length;
    } catch (error) {
      this.failed++;
      this.lastError = error instanceof Error ? error.message : String(error);
    }
  }

  line(): string {
    const l = [...this.latencies].sort((a, b) => a - b);
    return `allstoresstatus ${this.label.padEnd(8)}${l.length} calls (${this.stores} stores each, ${this.encoding}), p50 ${percentile(l, 50).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms, failed ${this.failed}${this.lastError ? ` (${this.lastError})` : ''}`;
  }
}

async function coordinator(s: ReturnType<typeof settings>) {
  const [adminToken, companyToken] = await Promise.all([
    accessToken(s.base, s.username, s.password),
    accessToken(s.base, s.companyUsername, s.companyPassword),
  ]);
  // Several nodes: each node's answer to the admin, plain, gzip and as a browser asks.
  const callers =
    s.nodes.length > 1 && adminToken
      ? s.nodes.flatMap((node, i) =>
          STATUS_ENCODINGS.map((e) => new StatusCaller(`node ${i + 1}`, node.url, adminToken, e)),
        )
      : [
          ...(adminToken ? [new StatusCaller('admin', s.base, adminToken, s.statusEncoding)] : []),
          ...(companyToken
            ? [new StatusCaller('company', s.base, companyToken, s.statusEncoding)]
            : []),
        ];
  const usage = new NodeUsage(s.nodes);

  // The bench's stores as connected companies, so every status answer holds them all.
  const fleet: BenchFleet | undefined =
    s.fleetDb && adminToken
      ? { uri: s.fleetDb, database: s.database, companies: companiesOf(storeIds(s.stores)) }
      : undefined;
  const connectedBefore = fleet ? await connectBenchFleet(fleet, s.base, adminToken!) : [];
  if (fleet) {
    // The first answer reads the companies from the database; the portals' later ones do not.
    const first = performance.now();
    await callers[0]!.call();
    const firstMs = performance.now() - first;
    // Each node reads the companies once; that first answer is not what the portals wait for.
    for (const c of callers.slice(1)) await c.call();
    for (const c of callers) c.reset();
    console.log(
      `fleet                   ${s.stores} stores in ${fleet.companies.size} companies connected; the first status call took ${firstMs.toFixed(0)} ms`,
    );
  }

  // Whether the descriptors allow the target at all, said before trying.
  const clientCapacity = openFileLimit('self') - CLIENT_OWN_FDS;
  const processes = Math.max(s.processes, Math.ceil(s.stores / clientCapacity));
  if (processes > s.processes)
    console.log(
      `note: ${s.processes} client process(es) cannot hold ${s.stores} sockets (open-file limit ${clientCapacity + CLIENT_OWN_FDS} each): using ${processes}`,
    );
  let backendCapacity = Infinity;
  if (s.pid) {
    const limit = openFileLimit(s.pid);
    backendCapacity = limit - openFiles(s.pid) - BACKEND_SPARE_FDS;
    if (backendCapacity < s.stores)
      console.log(
        `note: the backend (pid ${s.pid}) has an open-file limit of ${limit} with ${openFiles(s.pid)} open: it can hold about ${backendCapacity} store sockets, so ${s.stores} will not all connect (raise its limit: ulimit -n, LimitNOFILE, compose ulimits)`,
      );
  }

  const probe = s.inspectPort ? await inspector(s.inspectPort, s.pid) : undefined;
  const heapBefore = probe ? await probe.heapAfterGc() : NaN;
  const rssBefore = s.pid ? rssMiB(s.pid) : NaN;
  const share = Math.ceil(s.stores / processes);
  const workers = Array.from({ length: processes }, (_, i) =>
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

  const cpuAtConnect = s.pid ? cpuSeconds(s.pid) : 0;
  const connectStarted = performance.now();
  const ready = (await Promise.all(workers.map((w) => next(w, 'connected')))) as Array<
    Extract<FromWorker, { type: 'connected' }>
  >;
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const connectCores = s.pid ? (cpuSeconds(s.pid) - cpuAtConnect) / connectSeconds : undefined;
  const connected = ready.reduce((n, r) => n + r.connected, 0);
  const refused = ready.reduce((n, r) => n + r.refused, 0);
  const connectError = ready.map((r) => r.lastError).find(Boolean) ?? '';
  const backendFds = s.pid ? openFiles(s.pid) : NaN;

  for (const w of workers) w.send({ type: 'hold' } satisfies ToWorker);
  if (probe && s.cpuProfile) await probe.startProfile();
  const cpuBefore = s.pid ? cpuSeconds(s.pid) : 0;
  usage.start();
  const holdStarted = performance.now();
  const holdEnds = holdStarted + s.seconds * 1000;
  // The portal's status calls while the fleet pings: one at a time, the users in turn.
  for (let i = 0; performance.now() < holdEnds; i++) {
    if (callers.length) await callers[i % callers.length]!.call();
    await new Promise((r) => setTimeout(r, STATUS_PAUSE_MS));
  }
  for (const w of workers) w.send({ type: 'held' } satisfies ToWorker);
  const held = (performance.now() - holdStarted) / 1000;
  usage.stop(held);
  const backendCores = s.pid ? (cpuSeconds(s.pid) - cpuBefore) / held : undefined;
  const rssHeld = s.pid ? rssMiB(s.pid) : NaN;
  const profile = probe && s.cpuProfile ? await probe.stopProfile() : undefined;
  // After the hold, so the forced GC does not fall on the latencies.
  const heapHeld = probe ? await probe.heapAfterGc() : NaN;
  const rssHeldAfterGc = s.pid && probe ? rssMiB(s.pid) : NaN;
  probe?.close();

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
  if (fleet) await removeBenchFleet(fleet, s.base, adminToken!, connectedBefore);
  const acks = results.flatMap((r) => r.acks.flat()).sort((a, b) => a - b);
  const acksByNode = s.nodes.map((_, i) => results.flatMap((r) => r.acks[i] ?? []));
  const failedPings = results.reduce((n, r) => n + r.failed, 0);
  const clientCores = results.reduce((n, r) => n + r.cpuSeconds, 0) / held;
  const perSocket = (mib: number) => ((mib * 1024) / Math.max(1, connected)).toFixed(1);

  console.log(`stores requested        ${s.stores} from ${processes} client process(es)`);
  console.log(
    `connected               ${connected} (refused ${refused}${connectError ? `: ${connectError}` : ''}) in ${connectSeconds.toFixed(1)} s${connectCores === undefined ? '' : `, backend ${connectCores.toFixed(2)} cores while connecting`}`,
  );
  if (connected < s.stores) {
    const why =
      backendCapacity < s.stores
        ? `the backend's open-file limit (room for about ${backendCapacity} sockets; ${backendFds} descriptors open after connecting)`
        : refused
          ? `${refused} refused (last: ${connectError || 'no reason given'})`
          : 'sockets that dropped before the hold (see the backend log)';
    console.log(`target NOT reached      ${s.stores - connected} stores missing: ${why}`);
  }
  console.log(
    `held                    ${held.toFixed(0)} s, pings every ${TENTACLE.pingIntervalMs / 1000} s`,
  );
  console.log(
    `pings acknowledged      ${acks.length} (${(acks.length / held).toFixed(0)}/s), failed ${failedPings}`,
  );
  console.log(
    `ping ack latency        p50 ${percentile(acks, 50).toFixed(1)} ms, p95 ${percentile(acks, 95).toFixed(1)} ms, max ${percentile(acks, 100).toFixed(1)} ms`,
  );
  for (const c of callers) console.log(c.line());
  if (s.nodes.length > 1) for (const line of usage.lines(acksByNode)) console.log(line);
  if (!callers.length)
    console.log('allstoresstatus         not called (set BENCH_USERNAME / BENCH_COMPANY_USERNAME)');
  console.log(`online in /storestatus  ${online} of ${sample.length} sampled`);
  if (backendCores !== undefined) {
    const perThousand = coresPerThousandPings(backendCores, acks.length, held);
    console.log(
      `backend CPU             ${backendCores.toFixed(2)} cores over the hold${perThousand ? ` (${perThousand})` : ''}`,
    );
    console.log(
      `backend RSS             ${rssBefore.toFixed(0)} MiB before, ${rssHeld.toFixed(0)} MiB held (${perSocket(rssHeld - rssBefore)} KiB per store socket)`,
    );
  }
  if (probe)
    console.log(
      `backend after GC        heap ${heapBefore.toFixed(0)} MiB idle, ${heapHeld.toFixed(0)} MiB holding: ${perSocket(heapHeld - heapBefore)} KiB heap per store socket; RSS ${rssHeldAfterGc.toFixed(0)} MiB (${perSocket(rssHeldAfterGc - rssBefore)} KiB per store socket)`,
    );
  console.log(`client CPU              ${clientCores.toFixed(2)} cores`);
  const failures =
    s.stores -
    connected +
    failedPings +
    callers.reduce((n, c) => n + c.failed, 0) +
    (sample.length - online);
  console.log(
    `failures                ${failures} (missing stores ${s.stores - connected}, pings ${failedPings}, status calls ${callers.reduce((n, c) => n + c.failed, 0)}, sampled stores not online ${sample.length - online})`,
  );
  if (profile) {
    writeFileSync(s.cpuProfile!, JSON.stringify(profile));
    console.log(`backend CPU profile     ${s.cpuProfile} (hold only); most self time:`);
    for (const line of topSelf(profile, 15)) console.log(`  ${line}`);
  }
  if (failures) process.exitCode = 1;
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
