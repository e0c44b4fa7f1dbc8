/**
 * Media upload throughput, three ways in one run: N POST /mediaimage of large JPEGs, each
 * checked, fitted within 1200 x 937 and given a preview by the media server; the same uploads to
 * a naive express + multer + sharp server doing the same image work and nothing else
 * (bench/naive-upload-server.ts, started here as a child process with the media server's node
 * flags); and a bare sharp loop doing the same sharp work (one decode with the fit, the fitted
 * JPEG and the preview) on the same files in this process. At each concurrency of
 * BENCH_CONCURRENCIES (default 1 and 4). Printed as operations per second and the media server's
 * ratios to the other two. The three run in interleaved rounds (BENCH_ROUNDS, default 6), their
 * order rotated each round, so a change in the machine's load falls on all three; the range of
 * the per-round ratios is printed too. Measures a running stack (this script starts only the
 * naive server), over loopback only. BENCH_BASELINE_MEDIA_URL adds a fourth way: another build
 * of the media server on the same stack, e.g. the one before a change.
 *
 *   BACKEND_URL=http://127.0.0.1:3000 MEDIA_URL=http://127.0.0.1:3100 \
 *   BENCH_USERNAME=... BENCH_PASSWORD=... node --import tsx bench/media-upload.bench.ts
 *
 * The user must be an ADMIN or SUPER-ADMIN with the Central Media Server application and access
 * to company BENCH_COMPANY_ID (default 999999): it creates the folder Bench-{id} and deletes its
 * uploads afterwards. With BENCH_MEDIA_PID (and BENCH_BACKEND_PID, BENCH_DATABASE_PID) it also
 * prints the CPU those processes spent per upload next to the naive server's and the loop's:
 * unlike the rates, these hardly move with the machine's load.
 */
import {
  ACCESS_TOKEN_HEADER,
  API,
  loginResultSchema,
  MEDIA_API,
  MEDIA_MAX_HEIGHT,
  MEDIA_MAX_WIDTH,
  MEDIA_UPLOAD_FIELD,
  mediaResultSchema,
  mediaUploadResultSchema,
} from '@store-cloud/contracts';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { cpuSeconds, loopbackUrl, percentile, positiveInt } from './bench-env';
import { startNaiveServer } from './naive-upload-client';

const env = process.env;
const backend = loopbackUrl(env, 'BACKEND_URL', 'http://127.0.0.1:3000');
const media = loopbackUrl(env, 'MEDIA_URL', 'http://127.0.0.1:3100');
const username = env.BENCH_USERNAME ?? env.ADMIN_USERNAME;
const password = env.BENCH_PASSWORD ?? env.ADMIN_PASSWORD;
if (!username || !password) throw new Error('Set BENCH_USERNAME and BENCH_PASSWORD');
const requests = positiveInt(env, 'BENCH_REQUESTS', 60);
const rounds = positiveInt(env, 'BENCH_ROUNDS', 6);
const concurrencies = (env.BENCH_CONCURRENCIES ?? '1,4')
  .split(',')
  .map((value) => positiveInt({ value }, 'value', 1));
const folder = `Bench-${positiveInt(env, 'BENCH_COMPANY_ID', 999_999)}`;
const FILES = 4;
/** Processes of the stack whose CPU per upload is printed (pids from /proc; each optional). */
const servers = [
  { name: 'media server', variable: 'BENCH_MEDIA_PID' },
  { name: 'backend', variable: 'BENCH_BACKEND_PID' },
  { name: 'database', variable: 'BENCH_DATABASE_PID' },
]
  .filter(({ variable }) => env[variable])
  .map(({ name, variable }) => ({ name, pid: positiveInt(env, variable, 1) }));
/** BENCH_BASELINE_MEDIA_URL (and _PID): another media server build, measured as a fourth way. */
const baseline = env.BENCH_BASELINE_MEDIA_URL
  ? {
      url: loopbackUrl(env, 'BENCH_BASELINE_MEDIA_URL', ''),
      pid: env.BENCH_BASELINE_MEDIA_PID ? positiveInt(env, 'BENCH_BASELINE_MEDIA_PID', 1) : 0,
    }
  : undefined;
/** The media server's preview size (THUMBNAIL_SIZE in media-server/src/media/upload.ts). */
const PREVIEW_SIZE = 240;

/** Distinct 4000 x 3000 photos-like JPEGs (noise, so the encoder has real work), made once. */
async function makeFiles(): Promise<Buffer[]> {
  const width = 4000;
  const height = 3000;
  return Promise.all(
    Array.from({ length: FILES }, (_, i) =>
      sharp({
        create: {
          width,
          height,
          channels: 3,
          background: { r: 40 * i, g: 120, b: 200 },
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
}

async function pool(count: number, limit: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** One of the ways measured: its operation, and the process whose CPU it spends. */
interface Way {
  name: string;
  run: (i: number) => Promise<number>;
  cpu: () => number;
}

async function main() {
  const login = await fetch(new URL(API.login, backend), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const token = loginResultSchema.parse(await login.json()).token;
  if (!token) throw new Error(`login failed (${login.status})`);
  const headers = { [ACCESS_TOKEN_HEADER]: token };
  const post = (path: string, body: unknown) =>
    fetch(new URL(path, media), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = await post(MEDIA_API.companies, { directoryname: folder });
  if (!created.ok)
    throw new Error(`cannot create ${folder}: ${created.status} ${await created.text()}`);
  const naive = await startNaiveServer();

  const files = await makeFiles();
  const sizeMb = files.reduce((n, f) => n + f.length, 0) / files.length / 1e6;
  const names = new Set<string>();
  // Each file's multipart body is encoded once: the client's encoding would otherwise take the
  // shared CPUs from the server it measures (about 30 ms per 5.6 MB body).
  const bodies = await Promise.all(
    files.map(async (file, i) => {
      const form = new FormData();
      // Same-named uploads replace each other (?replace=true), so the folder stays under the
      // media file limit.
      form.append(
        MEDIA_UPLOAD_FIELD,
        new Blob([new Uint8Array(file)], { type: 'image/jpeg' }),
        `bench-${i}.jpg`,
      );
      const encoded = new Response(form);
      return {
        name: `bench-${i}.jpg`,
        type: encoded.headers.get('content-type')!,
        bytes: new Uint8Array(await encoded.arrayBuffer()),
      };
    }),
  );
  /** One upload to url with the given headers; the answer must be the fitted image. */
  const send = async (url: URL, extra: Record<string, string>, i: number) => {
    const { name, type, bytes } = bodies[i % FILES];
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...extra, 'content-type': type },
      body: bytes,
    });
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${JSON.stringify(body)}`);
    const result = mediaUploadResultSchema.parse(body);
    if (result.width! > MEDIA_MAX_WIDTH || result.height! > MEDIA_MAX_HEIGHT)
      throw new Error(`${name} came back ${result.width} x ${result.height}`);
    return performance.now() - started;
  };
  const mediaUrl = new URL(
    `${MEDIA_API.mediaImage}?dir=${folder}&width=${MEDIA_MAX_WIDTH}&replace=true`,
    media,
  );
  // The same sharp work as the servers': one decode of the original, fitted and encoded in the
  // same pass, then the 240 px preview made from the fitted JPEG (receiving, writing, checks and
  // HTTP are the servers' overhead, which the ratios measure).
  const resize = async (i: number) => {
    const started = performance.now();
    const fitted = await sharp(files[i % FILES])
      .rotate()
      .resize({
        width: MEDIA_MAX_WIDTH,
        height: MEDIA_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg()
      .toBuffer();
    await sharp(fitted)
      .resize({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: 'inside' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return performance.now() - started;
  };
  const ownCpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  const mediaPid = servers.find((server) => server.name === 'media server')?.pid;
  const ways: Way[] = [
    {
      name: 'media server',
      run: (i) => {
        names.add(bodies[i % FILES].name);
        return send(mediaUrl, headers, i);
      },
      cpu: () => (mediaPid ? cpuSeconds(mediaPid) : NaN),
    },
    {
      name: 'express + multer + sharp',
      run: (i) => send(naive.url, {}, i),
      cpu: () => cpuSeconds(naive.pid),
    },
    { name: 'bare sharp loop', run: resize, cpu: ownCpu },
  ];
  // Another build of the media server on the same stack (same backend and media root), to
  // compare a change with what it replaces in the same interleaved rounds.
  if (baseline) {
    const url = new URL(mediaUrl.pathname + mediaUrl.search, baseline.url);
    ways.push({
      name: 'media server (baseline)',
      run: (i) => send(url, headers, i),
      cpu: () => (baseline.pid ? cpuSeconds(baseline.pid) : NaN),
    });
  }

  try {
    // Warm-up (also checks the settings), then the measured rounds.
    for (const way of ways) await way.run(0);
    const loadBefore = os.loadavg();
    const lines: string[] = [];
    for (const concurrency of concurrencies)
      lines.push(
        ...(await measure(
          ways,
          concurrency,
          servers.filter(({ name }) => name !== 'media server'),
        )),
      );
    const loadAfter = os.loadavg();
    const cpus = os.cpus();
    const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
    console.log(
      `media upload: ${FILES} distinct 4000x3000 JPEGs (${sizeMb.toFixed(1)} MB avg), fitted within ${MEDIA_MAX_WIDTH}x${MEDIA_MAX_HEIGHT} with a ${PREVIEW_SIZE} px preview; ${Math.ceil(requests / rounds) * rounds} operations per way and concurrency in ${rounds} interleaved rounds (order rotated each round)`,
      `\nmachine: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, load average ${load(loadBefore)} before, ${load(loadAfter)} after (1, 5, 15 min)`,
      `\nbench process: sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), sharp concurrency ${sharp.concurrency()}, threadpool ${process.env.UV_THREADPOOL_SIZE ?? 4}`,
    );
    for (const line of lines) console.log(line);
  } finally {
    naive.stop();
    const deleted = await post(MEDIA_API.deleteFiles, {
      directoryname: `${folder}/pending`,
      filelist: [...names],
    });
    const cleanup = mediaResultSchema.parse(await deleted.json());
    if (cleanup.failedFiles?.length) {
      console.error(`could not delete ${cleanup.failedFiles.length} uploads`);
      process.exitCode = 1;
    }
  }
}

/**
 * The ways at one concurrency: rounds of perRound operations each, the order rotated each
 * round; rates, latencies, the media server's ratios (over all rounds and their per-round range)
 * and the CPU per operation.
 */
async function measure(
  ways: Way[],
  concurrency: number,
  stack: { name: string; pid: number }[],
): Promise<string[]> {
  const perRound = Math.ceil(requests / rounds);
  const seconds = ways.map(() => 0);
  const cpu = ways.map(() => 0);
  const latencies = ways.map((): number[] => []);
  const roundRates = ways.map((): number[] => []);
  // The backend and the database work for the media server only: counted during its rounds.
  const stackCpu = stack.map(() => 0);
  for (let round = 0; round < rounds; round += 1) {
    for (let k = 0; k < ways.length; k += 1) {
      const w = (round + k) % ways.length;
      const way = ways[w];
      const cpuBefore = way.cpu();
      const stackBefore = w === 0 ? stack.map(({ pid }) => cpuSeconds(pid)) : [];
      const started = performance.now();
      await pool(perRound, concurrency, async (i) => {
        latencies[w].push(await way.run(i));
      });
      const elapsed = (performance.now() - started) / 1000;
      seconds[w] += elapsed;
      roundRates[w].push(perRound / elapsed);
      cpu[w] += way.cpu() - cpuBefore;
      stackBefore.forEach((before, s) => (stackCpu[s] += cpuSeconds(stack[s].pid) - before));
    }
  }
  const count = perRound * rounds;
  const rate = (w: number) => count / seconds[w];
  const ms = (value: number) => value.toFixed(0);
  const ratioRange = (other: number) => {
    const per = roundRates[0].map((r, i) => r / roundRates[other][i]);
    return `${Math.min(...per).toFixed(2)} to ${Math.max(...per).toFixed(2)}`;
  };
  const lines = [`concurrency ${concurrency}: ${count} operations per way in ${rounds} rounds`];
  ways.forEach((way, w) => {
    const sorted = latencies[w].sort((a, b) => a - b);
    const cpuPer = Number.isNaN(cpu[w])
      ? 'CPU not measured'
      : `${ms((cpu[w] / count) * 1000)} ms CPU/op`;
    lines.push(
      `  ${way.name.padEnd(26)} ${rate(w).toFixed(1).padStart(5)}/s (p50 ${ms(percentile(sorted, 50))} ms, p95 ${ms(percentile(sorted, 95))} ms), ${cpuPer}`,
    );
  });
  lines.push(
    `  ratio media server / express + multer + sharp: ${(rate(0) / rate(1)).toFixed(2)} (rounds ${ratioRange(1)})`,
    `  ratio media server / bare sharp:               ${(rate(0) / rate(2)).toFixed(2)} (rounds ${ratioRange(2)})`,
  );
  if (ways.length > 3)
    lines.push(
      `  ratio media server / its baseline:             ${(rate(0) / rate(3)).toFixed(2)} (rounds ${ratioRange(3)})`,
    );
  if (stack.length)
    lines.push(
      `  its backend and database, CPU per media upload: ${stack.map(({ name }, s) => `${name} ${ms((stackCpu[s] / count) * 1000)} ms`).join(', ')}`,
    );
  return lines;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
