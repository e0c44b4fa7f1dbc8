/**
 * Media upload throughput: N POST /mediaimage of large JPEGs, each checked, fitted within
 * 1200 x 937 and given a preview by the media server, against a bare sharp loop doing the same
 * sharp work (one decode with the fit, the fitted JPEG and the preview) on the same files in this
 * process, at each concurrency of BENCH_CONCURRENCIES (default
 * 1 and 4) in one run. Printed as uploads per second, resizes per second and their ratio (how
 * much of sharp's own speed survives HTTP, multipart, the checks and the renames). The two are
 * measured in alternating rounds (BENCH_ROUNDS, default 3), so a change in the machine's load
 * falls on both. Measures a running stack (this script starts nothing), over loopback only.
 *
 *   BACKEND_URL=http://127.0.0.1:3000 MEDIA_URL=http://127.0.0.1:3100 \
 *   BENCH_USERNAME=... BENCH_PASSWORD=... node --import tsx bench/media-upload.bench.ts
 *
 * The user must be an ADMIN or SUPER-ADMIN with the Central Media Server application and access
 * to company BENCH_COMPANY_ID (default 999999): it creates the folder Bench-{id} and deletes its
 * uploads afterwards. With BENCH_MEDIA_PID (and BENCH_BACKEND_PID, BENCH_DATABASE_PID) it also
 * prints the CPU those processes spent per upload next to the loop's CPU per resize: unlike the
 * rates, these hardly move with the machine's load.
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

const env = process.env;
const backend = loopbackUrl(env, 'BACKEND_URL', 'http://127.0.0.1:3000');
const media = loopbackUrl(env, 'MEDIA_URL', 'http://127.0.0.1:3100');
const username = env.BENCH_USERNAME ?? env.ADMIN_USERNAME;
const password = env.BENCH_PASSWORD ?? env.ADMIN_PASSWORD;
if (!username || !password) throw new Error('Set BENCH_USERNAME and BENCH_PASSWORD');
const requests = positiveInt(env, 'BENCH_REQUESTS', 60);
const rounds = positiveInt(env, 'BENCH_ROUNDS', 3);
const concurrencies = (env.BENCH_CONCURRENCIES ?? '1,4')
  .split(',')
  .map((value) => positiveInt({ value }, 'value', 1));
const folder = `Bench-${positiveInt(env, 'BENCH_COMPANY_ID', 999_999)}`;
const FILES = 4;
/** Server processes whose CPU per upload is printed (pids from /proc; each optional). */
const servers = [
  { name: 'media server', variable: 'BENCH_MEDIA_PID' },
  { name: 'backend', variable: 'BENCH_BACKEND_PID' },
  { name: 'database', variable: 'BENCH_DATABASE_PID' },
]
  .filter(({ variable }) => env[variable])
  .map(({ name, variable }) => ({ name, pid: positiveInt(env, variable, 1) }));
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
  const upload = async (i: number) => {
    const { name, type, bytes } = bodies[i % FILES];
    const started = performance.now();
    const response = await fetch(
      new URL(`${MEDIA_API.mediaImage}?dir=${folder}&width=${MEDIA_MAX_WIDTH}&replace=true`, media),
      { method: 'POST', headers: { ...headers, 'content-type': type }, body: bytes },
    );
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${JSON.stringify(body)}`);
    const result = mediaUploadResultSchema.parse(body);
    if (result.width! > MEDIA_MAX_WIDTH || result.height! > MEDIA_MAX_HEIGHT)
      throw new Error(`${name} came back ${result.width} x ${result.height}`);
    names.add(name);
    return performance.now() - started;
  };
  // The same sharp work as the server's: one decode of the original, fitted and encoded in the
  // same pass, then the 240 px preview made from the fitted JPEG (writing, checks and HTTP are
  // the server's overhead, which the ratio measures).
  const resize = async (i: number) => {
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
  };

  // Warm-up (also checks the settings), then the measured rounds.
  await upload(0);
  await resize(0);
  const loadBefore = os.loadavg();
  const lines: string[] = [];
  for (const concurrency of concurrencies) {
    const latencies: number[] = [];
    let uploadSeconds = 0;
    let sharpSeconds = 0;
    // CPU seconds spent during the upload rounds by each server given, and by the loop.
    const serverCpu = servers.map(() => 0);
    let loopCpu = 0;
    const perRound = Math.ceil(requests / rounds);
    for (let round = 0; round < rounds; round += 1) {
      const cpuBefore = servers.map(({ pid }) => cpuSeconds(pid));
      let started = performance.now();
      await pool(perRound, concurrency, async (i) => {
        latencies.push(await upload(i));
      });
      uploadSeconds += (performance.now() - started) / 1000;
      servers.forEach(({ pid }, s) => (serverCpu[s] += cpuSeconds(pid) - cpuBefore[s]));
      const ownBefore = process.cpuUsage();
      started = performance.now();
      await pool(perRound, concurrency, resize);
      sharpSeconds += (performance.now() - started) / 1000;
      const own = process.cpuUsage(ownBefore);
      loopCpu += (own.user + own.system) / 1e6;
    }
    latencies.sort((a, b) => a - b);
    const count = perRound * rounds;
    const uploadsPerSecond = count / uploadSeconds;
    const resizesPerSecond = count / sharpSeconds;
    lines.push(
      `concurrency ${concurrency}: ${count} uploads in ${rounds} rounds alternating with the loop`,
      `  through the media server: ${uploadsPerSecond.toFixed(1)} uploads/s (p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms)`,
      `  bare sharp loop:          ${resizesPerSecond.toFixed(1)} resizes/s`,
      `  ratio (server / sharp):   ${(uploadsPerSecond / resizesPerSecond).toFixed(2)}`,
      `  CPU per operation:        loop ${((loopCpu / count) * 1000).toFixed(0)} ms/resize` +
        servers
          .map(
            ({ name }, s) => `, ${name} ${((serverCpu[s]! / count) * 1000).toFixed(0)} ms/upload`,
          )
          .join(''),
    );
  }

  const deleted = await post(MEDIA_API.deleteFiles, {
    directoryname: `${folder}/pending`,
    filelist: [...names],
  });
  const cleanup = mediaResultSchema.parse(await deleted.json());

  const loadAfter = os.loadavg();
  const cpus = os.cpus();
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  console.log(
    `media upload: ${FILES} distinct 4000x3000 JPEGs (${sizeMb.toFixed(1)} MB avg), fitted within ${MEDIA_MAX_WIDTH}x${MEDIA_MAX_HEIGHT} with a ${PREVIEW_SIZE} px preview; ${Math.ceil(requests / rounds) * rounds} uploads and resizes per concurrency in ${rounds} rounds`,
    `\nmachine: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, load average ${load(loadBefore)} before, ${load(loadAfter)} after (1, 5, 15 min)`,
    `\nbench process: sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), sharp concurrency ${sharp.concurrency()}, threadpool ${process.env.UV_THREADPOOL_SIZE ?? 4}`,
  );
  for (const line of lines) console.log(line);
  if (cleanup.failedFiles?.length) {
    console.error(`could not delete ${cleanup.failedFiles.length} uploads`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
