/**
 * The audit trail's queries over a large auditlog (issue 17 point 1): fills a throwaway database
 * (BENCH_ENTRIES entries, default 1,000,000) with entries shaped like AuditService writes them,
 * builds the indexes of backend/src/modules/audit/schemas/audit-entry.schema.ts, and times the
 * Audit screen's typical queries (the filters AuditRepository.page builds: a page newest first and
 * the capped count). It prints each query's p50/p95 and the server's explain plan, so one sees
 * whether the filter and sort reached an index. The database is dropped at the end.
 *
 *   MONGODB_URI=mongodb://127.0.0.1:27018 node --import tsx bench/auditlog.bench.ts
 */
import { AUDIT_ACTIONS, AUDIT_MAX_REACHABLE } from '@store-cloud/contracts';
import { type Document, MongoClient } from 'mongodb';
import { loopbackUrl, percentile, positiveInt } from './bench-env';

const env = process.env;
const uri = loopbackUrl(env, 'MONGODB_URI', 'mongodb://127.0.0.1:27018');
const ENTRIES = positiveInt(env, 'BENCH_ENTRIES', 1_000_000);
const RUNS = positiveInt(env, 'BENCH_REQUESTS', 20);
const BATCH = 5_000;
const PAGE_SIZE = 50;
const database = `bench_auditlog_${process.pid}`;

const ACTORS = Array.from({ length: 200 }, (_, i) => `user${i}@bench.test`);
const COMPANIES = Array.from({ length: 300 }, (_, i) => 100 + i);
const SPAN_MS = 365 * 24 * 3_600_000;
const NOW = Date.now();

/** The same indexes as audit-entry.schema.ts. */
const INDEXES: Document[] = [
  { at: -1 },
  { actor: 1, at: -1 },
  { action: 1, at: -1 },
  { companies: 1, at: -1 },
];

function entry(i: number): Document {
  const action = AUDIT_ACTIONS[i % AUDIT_ACTIONS.length]!;
  const company = COMPANIES[(i * 7) % COMPANIES.length]!;
  return {
    actorId: `id-${i % ACTORS.length}`,
    actor: ACTORS[(i * 13) % ACTORS.length],
    action,
    targetType: 'store',
    target: `${company}/${(i % 40) + 1}`,
    companies: [company],
    changes: [{ field: 'status', before: 'old', after: 'new' }],
    // Spread over a year, oldest first.
    at: new Date(NOW - SPAN_MS + Math.floor((i / ENTRIES) * SPAN_MS)),
  };
}

async function main() {
  const client = await MongoClient.connect(uri.toString());
  const db = client.db(database);
  const log = db.collection('auditlog');
  try {
    const fillStart = performance.now();
    for (let i = 0; i < ENTRIES; i += BATCH) {
      const docs = Array.from({ length: Math.min(BATCH, ENTRIES - i) }, (_, k) => entry(i + k));
      await log.insertMany(docs, { ordered: false });
      if ((i / BATCH) % 20 === 0)
        process.stdout.write(`\rinserted ${i + docs.length} of ${ENTRIES}`);
    }
    const fillS = (performance.now() - fillStart) / 1000;
    console.log(`\ninserted ${ENTRIES} entries in ${fillS.toFixed(1)} s`);
    const indexStart = performance.now();
    for (const key of INDEXES) await log.createIndex(key);
    console.log(`indexes built in ${((performance.now() - indexStart) / 1000).toFixed(1)} s`);

    const day = 24 * 3_600_000;
    const lastWeek = { at: { $gte: new Date(NOW - 7 * day), $lte: new Date(NOW) } };
    const queries: Array<{ name: string; filter: Document; skip?: number }> = [
      { name: 'newest page, no filter', filter: {} },
      { name: 'last 7 days', filter: lastWeek },
      { name: 'one user', filter: { actor: ACTORS[17] } },
      { name: 'one action', filter: { action: 'site.login' } },
      { name: 'action area prefix (site.)', filter: { action: { $regex: '^site\\.' } } },
      { name: 'one company', filter: { $and: [{ companies: COMPANIES[42] }] } },
      {
        name: 'company-limited admin (3 companies)',
        filter: {
          $and: [
            { companies: { $in: COMPANIES.slice(0, 3) } },
            { companies: { $not: { $elemMatch: { $nin: COMPANIES.slice(0, 3) } } } },
          ],
        },
      },
      { name: 'user + last 7 days', filter: { actor: ACTORS[17], ...lastWeek } },
      { name: 'page 20, no filter', filter: {}, skip: 19 * PAGE_SIZE },
    ];

    console.log(
      `\n${RUNS} runs each, page of ${PAGE_SIZE}, count capped at ${AUDIT_MAX_REACHABLE + 1}`,
    );
    for (const q of queries) {
      const pageMs: number[] = [];
      const countMs: number[] = [];
      let found = 0;
      let counted = 0;
      for (let r = 0; r < RUNS + 1; r++) {
        const a = performance.now();
        const docs = await log
          .find(q.filter)
          .sort({ at: -1, _id: -1 })
          .skip(q.skip ?? 0)
          .limit(PAGE_SIZE)
          .toArray();
        const b = performance.now();
        counted = await log.countDocuments(q.filter, { limit: AUDIT_MAX_REACHABLE + 1 });
        const c = performance.now();
        found = docs.length;
        // The first run warms the cache and checks the query; it is not counted.
        if (r > 0) {
          pageMs.push(b - a);
          countMs.push(c - b);
        }
      }
      pageMs.sort((x, y) => x - y);
      countMs.sort((x, y) => x - y);
      const plan = (await log
        .find(q.filter)
        .sort({ at: -1, _id: -1 })
        .limit(PAGE_SIZE)
        .explain()) as Document;
      console.log(
        `${q.name.padEnd(38)} page p50 ${percentile(pageMs, 50).toFixed(1)} ms p95 ${percentile(pageMs, 95).toFixed(1)} ms` +
          ` | count p50 ${percentile(countMs, 50).toFixed(1)} ms p95 ${percentile(countMs, 95).toFixed(1)} ms` +
          ` | ${found} shown, ${counted} counted | plan ${summarise(plan)}`,
      );
    }
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}

/** What the server says about the plan: FerretDB's pushdown flags and SQLite plan, or MongoDB's stages. */
function summarise(plan: Document): string {
  if ('filterPushdown' in plan) {
    const sqlite =
      ((plan.queryPlanner as Document | undefined)?.Plan as string[] | undefined) ?? [];
    return (
      `ferretdb filterPushdown=${String(plan.filterPushdown)} sortPushdown=${String(plan.sortPushdown)}` +
      ` limitPushdown=${String(plan.limitPushdown)} sqlite: ${sqlite.map((l) => l.replace(/^.*detail=/, '')).join('; ')}`
    );
  }
  const stages: string[] = [];
  let stage = (plan.queryPlanner as Document | undefined)?.winningPlan as Document | undefined;
  while (stage) {
    stages.push(String(stage.stage) + (stage.indexName ? `(${String(stage.indexName)})` : ''));
    stage = (stage.inputStage ?? stage.queryPlan) as Document | undefined;
  }
  return stages.join(' <- ') || JSON.stringify(plan).slice(0, 200);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
