/**
 * Proof of play at 1,000,000 plays a day for one company (issue 32 item 1): BENCH_STORES store
 * sockets of company BENCH_COMPANY_ID send BENCH_PLAYS plays of today (BENCH_FILES files in
 * BENCH_TAGS tags, batches of 500, BENCH_CONCURRENCY stores at a time) through the real
 * /tentacle socket, each batch acknowledged once the backend recorded it: the ingest rate.
 * Every store plays every file, so the day's roll-up documents have every key a busier day
 * would; their counts are then scaled to BENCH_DAY_PLAYS (1,000,000) and the documents copied to
 * every day from the first of last month (each day's in its own collection, as the backend keeps
 * them), the monthly documents made as their days' sums (in
 * MongoDB: ingesting 60 million plays would take hours, and a roll-up's read cost depends on its
 * keys, not on the counts), and GET /portal/proofofplay is timed BENCH_REQUESTS times for today's
 * roll-up and last calendar month's per file, tag, store and day, and within a tag and a store. Prints ingest rate, ack latency and each roll-up's p50/p95. Starts
 * nothing; loopback only; removes the company's plays afterwards.
 *
 *   BACKEND_URL=http://127.0.0.1:3000 MONGODB_URI=mongodb://127.0.0.1:27018/storecloud \
 *     TENTACLE_SECRET=... BENCH_USERNAME=admin@storecloud.local BENCH_PASSWORD=... \
 *     node --import tsx bench/proof-of-play.bench.ts
 */
import { createHmac, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  ACCESS_TOKEN_HEADER,
  API,
  loginResultSchema,
  type Play,
  PROOF_OF_PLAY_API,
  PROOF_OF_PLAY_MAX_BATCH,
  PROOF_OF_PLAY_SOCKET,
  proofOfPlayRollupSchema,
  TENTACLE,
  tentacleSecretMessage,
} from '@store-cloud/contracts';
import { MongoClient } from 'mongodb';
import { io, type Socket } from 'socket.io-client';
import { loopbackUrl, percentile, positiveInt } from './bench-env';

function settings(env: NodeJS.ProcessEnv) {
  const secret = env.TENTACLE_SECRET;
  if (!secret) throw new Error('Set TENTACLE_SECRET (the stack keeps it in DATA_DIR/secrets.json)');
  const username = env.BENCH_USERNAME ?? env.ADMIN_USERNAME;
  const password = env.BENCH_PASSWORD ?? env.ADMIN_PASSWORD;
  if (!username || !password) throw new Error('Set BENCH_USERNAME and BENCH_PASSWORD');
  return {
    base: loopbackUrl(env, 'BACKEND_URL', 'http://127.0.0.1:3000').origin,
    mongoUri: loopbackUrl(env, 'MONGODB_URI', 'mongodb://127.0.0.1:27018/storecloud').href,
    secret,
    username,
    password,
    companyId: positiveInt(env, 'BENCH_COMPANY_ID', 90_500),
    plays: positiveInt(env, 'BENCH_PLAYS', 50_000),
    dayPlays: positiveInt(env, 'BENCH_DAY_PLAYS', 1_000_000),
    stores: positiveInt(env, 'BENCH_STORES', 200),
    files: positiveInt(env, 'BENCH_FILES', 50),
    tags: positiveInt(env, 'BENCH_TAGS', 10),
    concurrency: positiveInt(env, 'BENCH_CONCURRENCY', 4),
    requests: positiveInt(env, 'BENCH_REQUESTS', 20),
  };
}
type Settings = ReturnType<typeof settings>;

const DAY_MS = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

function openStore(s: Settings, store: number): Promise<Socket> {
  const secret = createHmac('sha256', s.secret)
    .update(tentacleSecretMessage(s.companyId, store))
    .digest('hex');
  const socket = io(`${s.base}${TENTACLE.namespace}`, {
    auth: { company: s.companyId, store, secret, tentacleVersion: 'bench' },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** One store's share of the day: its screen plays the files in turn, 10 s each, from midnight. */
function playsOf(s: Settings, store: number, count: number, midnight: number): Play[] {
  const step = Math.max(1, Math.floor(DAY_MS / count));
  return Array.from({ length: count }, (_, i) => {
    const file = (store + i) % s.files;
    return {
      mediaId: `bench-media-${file}`,
      file: `bench-${file}.jpg`,
      tag: `bench-tag-${file % s.tags}`,
      screen: 'Screen 1',
      startedAt: new Date(midnight + i * step).toISOString(),
      durationMs: 10_000,
    };
  });
}

async function ingest(s: Settings, midnight: number) {
  const acks: number[] = [];
  let failed = 0;
  let next = 1;
  const perStore = Math.ceil(s.plays / s.stores);
  let left = s.plays;
  const started = performance.now();
  const worker = async () => {
    for (let store = next++; store <= s.stores; store = next++) {
      const count = Math.min(perStore, left);
      left -= count;
      if (count <= 0) return;
      const socket = await openStore(s, store);
      const plays = playsOf(s, store, count, midnight);
      for (let i = 0; i < plays.length; i += PROOF_OF_PLAY_MAX_BATCH) {
        const t0 = performance.now();
        const ack = (await socket.timeout(60_000).emitWithAck(PROOF_OF_PLAY_SOCKET.playsEvent, {
          batchId: randomUUID(),
          plays: plays.slice(i, i + PROOF_OF_PLAY_MAX_BATCH),
        })) as { ok?: boolean };
        if (ack.ok) acks.push(performance.now() - t0);
        else failed++;
      }
      socket.close();
    }
  };
  await Promise.all(Array.from({ length: s.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  acks.sort((a, b) => a - b);
  console.log(
    `ingest: ${s.plays.toLocaleString('en-US')} plays from ${s.stores} stores in ${seconds.toFixed(1)} s ` +
      `(${Math.round(s.plays / seconds).toLocaleString('en-US')} plays/s); batch ack p50 ` +
      `${percentile(acks, 50).toFixed(0)} ms, p95 ${percentile(acks, 95).toFixed(0)} ms; refused ${failed}`,
  );
  if (failed) throw new Error(`${failed} batches refused`);
}

type Cell = { p: number; d: number; l: string };
type RollupDoc = { _id: string; day: string; keys: Record<string, Cell> } & Record<string, unknown>;

/** A day's roll-up documents are in a collection of that day's (the backend's dayCollectionOf). */
const dayCollectionOf = (day: string) => `popdaily_${day.replaceAll('-', '')}`;

/**
 * The day's roll-up documents scaled to BENCH_DAY_PLAYS and copied to every day from the first
 * of last month to yesterday, as two months of such days would leave them; then the monthly
 * documents (`popmonthly`) of both months made again as the sums of their days' documents.
 */
async function copyDays(s: Settings, client: MongoClient, today: string, midnight: number) {
  const daily = client.db().collection<RollupDoc>(dayCollectionOf(today));
  const monthly = client.db().collection<RollupDoc>('popmonthly');
  const factor = s.dayPlays / s.plays;
  const docs = (await daily.find({ companyId: s.companyId, day: today }).toArray()).map((d) => ({
    ...d,
    stamps: [],
    keys: Object.fromEntries(
      Object.entries(d.keys).map(([k, c]) => [
        k,
        { ...c, p: Math.round(c.p * factor), d: Math.round(c.d * factor) },
      ]),
    ),
  }));
  for (const doc of docs) await daily.replaceOne({ _id: doc._id }, doc);
  const months = new Map<string, RollupDoc>();
  const days = daysBack(midnight);
  for (const day of days) {
    // The `day` dimension's key is the day itself.
    const copies = docs.map((d) => ({
      ...d,
      _id: d._id.replace(`|${today}`, `|${day}`),
      day,
      keys: d._id.includes('|day|') ? { [day]: d.keys[today]! } : d.keys,
    }));
    if (day !== today)
      await client.db().collection<RollupDoc>(dayCollectionOf(day)).insertMany(copies);
    for (const copy of copies) addToMonth(months, copy, day.slice(0, 7));
  }
  await monthly.deleteMany({ companyId: s.companyId });
  // Newest month first, so last month's documents are the table's last (FerretDB v1 scans it).
  await monthly.insertMany([...months.values()].reverse());
  console.log(
    `${docs.length} roll-up documents of ${today} scaled to ${s.dayPlays.toLocaleString('en-US')} ` +
      `plays, copied to the ${days.length - 1} days from ${days[0]}; ${months.size} monthly documents`,
  );
}

/** Every day from the first of last month to today. */
function daysBack(midnight: number): string[] {
  const start = Date.parse(`${lastMonthOf(midnight)}-01T00:00:00Z`);
  const days: string[] = [];
  for (let t = start; t <= midnight; t += DAY_MS) days.push(dayOf(t));
  return days;
}

const lastMonthOf = (midnight: number) => {
  const d = new Date(midnight);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

function addToMonth(months: Map<string, RollupDoc>, doc: RollupDoc, month: string) {
  const id = doc._id.replace(`|${doc.day}`, `|${month}`);
  const sum = months.get(id) ?? { ...doc, _id: id, day: month, keys: {} };
  for (const [k, c] of Object.entries(doc.keys)) {
    const cell = sum.keys[k] ?? { p: 0, d: 0, l: c.l };
    sum.keys[k] = { p: cell.p + c.p, d: cell.d + c.d, l: c.l };
  }
  months.set(id, sum);
}

/**
 * Today's roll-up, yesterday's (the last day copied) and last month's (a calendar month: one
 * monthly document per read, last in its table).
 */
async function timeRollups(s: Settings, token: string, midnight: number) {
  const today = dayOf(midnight);
  const month = lastMonthOf(midnight);
  const monthEnd = dayOf(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) - DAY_MS);
  const cases: [string, Record<string, string>][] = [];
  const yesterday = dayOf(midnight - DAY_MS);
  for (const [range, from, to] of [
    ['day', today, today],
    ['yesterday', yesterday, yesterday],
    ['month', `${month}-01`, monthEnd],
  ] as const) {
    for (const dimension of ['file', 'tag', 'store', 'day'])
      cases.push([`${range} per ${dimension}`, { from, to, dimension }]);
    cases.push([`${range} per file in a tag`, { from, to, dimension: 'file', tag: 'bench-tag-1' }]);
    cases.push([`${range} per file in a store`, { from, to, dimension: 'file', storeId: '7' }]);
  }
  for (const [name, query] of cases) {
    const url = `${s.base}${PROOF_OF_PLAY_API.rollup}?${new URLSearchParams({ companyId: String(s.companyId), ...query })}`;
    const times: number[] = [];
    let plays = 0;
    for (let i = 0; i <= s.requests; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { [ACCESS_TOKEN_HEADER]: token } });
      const body = proofOfPlayRollupSchema.parse(await res.json());
      // The first is the warm-up.
      if (i > 0) times.push(performance.now() - t0);
      plays = body.plays;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(30)} p50 ${percentile(times, 50).toFixed(0).padStart(4)} ms  p95 ` +
        `${percentile(times, 95).toFixed(0).padStart(4)} ms  (${plays.toLocaleString('en-US')} plays)`,
    );
  }
}

async function main() {
  const s = settings(process.env);
  const login = await fetch(`${s.base}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: s.username, password: s.password }),
  });
  if (!login.ok) throw new Error(`login failed with status ${login.status}`);
  const token = loginResultSchema.parse(await login.json()).token!;
  const client = await MongoClient.connect(s.mongoUri);
  const midnight = Date.parse(`${dayOf(Date.now())}T00:00:00Z`);
  const clean = async () => {
    const days = (await client.db().listCollections({}, { nameOnly: true }).toArray())
      .map((c) => c.name)
      .filter((name) => name.startsWith('popdaily_'));
    for (const name of ['popdaily', 'popmonthly', ...days]) {
      const collection = client.db().collection(name);
      await collection.deleteMany({ companyId: s.companyId });
      // A day collection only the bench made goes too.
      if (days.includes(name) && !(await collection.countDocuments())) await collection.drop();
    }
    await client.db().collection('popbatches').deleteMany({ companyId: s.companyId });
  };
  try {
    await clean();
    await ingest(s, midnight);
    await copyDays(s, client, dayOf(midnight), midnight);
    await timeRollups(s, token, midnight);
  } finally {
    await clean();
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
