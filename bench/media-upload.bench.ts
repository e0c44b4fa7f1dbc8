/**
 * Media upload throughput: N POST /mediaimage of large JPEGs, each checked, fitted within
 * 1200 x 937 and given a preview by the media server, against a bare sharp loop doing the same
 * fit on the same files in this process. Printed as uploads per second, resizes per second and
 * their ratio (how much of sharp's own speed survives HTTP, multer, the checks and the renames).
 * Measures a running stack (this script starts nothing), over loopback only.
 *
 *   BACKEND_URL=http://127.0.0.1:3000 MEDIA_URL=http://127.0.0.1:3100 \
 *   BENCH_USERNAME=... BENCH_PASSWORD=... node --import tsx bench/media-upload.bench.ts
 *
 * The user must be an ADMIN or SUPER-ADMIN with the Central Media Server application and access
 * to company BENCH_COMPANY_ID (default 999999): it creates the folder Bench-{id} and deletes its
 * uploads afterwards.
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
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { loopbackUrl, positiveInt } from './bench-env';

const env = process.env;
const backend = loopbackUrl(env, 'BACKEND_URL', 'http://127.0.0.1:3000');
const media = loopbackUrl(env, 'MEDIA_URL', 'http://127.0.0.1:3100');
const username = env.BENCH_USERNAME ?? env.ADMIN_USERNAME;
const password = env.BENCH_PASSWORD ?? env.ADMIN_PASSWORD;
if (!username || !password) throw new Error('Set BENCH_USERNAME and BENCH_PASSWORD');
const requests = positiveInt(env, 'BENCH_REQUESTS', 60);
const concurrency = positiveInt(env, 'BENCH_CONCURRENCY', 4);
const folder = `Bench-${positiveInt(env, 'BENCH_COMPANY_ID', 999_999)}`;
const FILES = 4;

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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
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
  const upload = async (i: number) => {
    // Same-named uploads replace each other, so the folder stays under the media file limit.
    const name = `bench-${i % FILES}.jpg`;
    const form = new FormData();
    form.append(
      MEDIA_UPLOAD_FIELD,
      new Blob([new Uint8Array(files[i % FILES])], { type: 'image/jpeg' }),
      name,
    );
    const started = performance.now();
    const response = await fetch(
      new URL(`${MEDIA_API.mediaImage}?dir=${folder}&width=${MEDIA_MAX_WIDTH}`, media),
      { method: 'POST', headers, body: form },
    );
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${JSON.stringify(body)}`);
    const result = mediaUploadResultSchema.parse(body);
    if (result.width! > MEDIA_MAX_WIDTH || result.height! > MEDIA_MAX_HEIGHT)
      throw new Error(`${name} came back ${result.width} x ${result.height}`);
    names.add(name);
    return performance.now() - started;
  };

  // Warm-up (also checks the settings), then the measured runs.
  await upload(0);
  const latencies: number[] = [];
  let started = performance.now();
  await pool(requests, concurrency, async (i) => {
    latencies.push(await upload(i));
  });
  const uploadSeconds = (performance.now() - started) / 1000;

  const resize = (i: number) =>
    sharp(files[i % FILES])
      .rotate()
      .resize({
        width: MEDIA_MAX_WIDTH,
        height: MEDIA_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg()
      .toBuffer();
  await resize(0);
  started = performance.now();
  await pool(requests, concurrency, async (i) => {
    await resize(i);
  });
  const sharpSeconds = (performance.now() - started) / 1000;

  const deleted = await post(MEDIA_API.deleteFiles, {
    directoryname: `${folder}/pending`,
    filelist: [...names],
  });
  const cleanup = mediaResultSchema.parse(await deleted.json());

  latencies.sort((a, b) => a - b);
  const uploadsPerSecond = requests / uploadSeconds;
  const resizesPerSecond = requests / sharpSeconds;
  console.log(
    `media upload: ${requests} uploads of ${FILES} distinct 4000x3000 JPEGs (${sizeMb.toFixed(1)} MB avg), concurrency ${concurrency}`,
  );
  console.log(
    `  through the media server: ${uploadsPerSecond.toFixed(1)} uploads/s (p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms)`,
  );
  console.log(`  bare sharp loop:          ${resizesPerSecond.toFixed(1)} resizes/s`);
  console.log(`  ratio (server / sharp):   ${(uploadsPerSecond / resizesPerSecond).toFixed(2)}`);
  if (cleanup.failedFiles?.length) {
    console.error(`could not delete ${cleanup.failedFiles.length} uploads`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
