/**
 * Each image of docker-compose.yml builds and starts, proved without a Docker engine: every
 * Dockerfile is rehearsed (dockerfile-rehearsal.ts: COPY honouring .dockerignore, RUN in a
 * scratch root) and its command started against the test database and Redis. A build step a
 * Dockerfile misses (a dist/ never built, a file .dockerignore keeps out) fails here.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  imageCommand,
  isNodeBase,
  parseDockerfile,
  rehearseBuild,
  type RehearsedStage,
  signalStage,
  spawnInStage,
} from './dockerfile-rehearsal';
import { REPO_ROOT } from './paths';
import { freePort } from './ports';
import { provideTestServices, TEST_ENV, type TestServices } from './test-services';

const DOCKERFILES = ['backend', 'media-server', 'router-simulator', 'frontend'].map((d) =>
  path.join(REPO_ROOT, d, 'Dockerfile'),
);
const BUILD_TIMEOUT = 10 * 60_000;

let scratch: string;
let services: TestServices | undefined;
let mongoBase: string;
let mongoQuery: string;
let redisUrl: string;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storecloud-rehearsal-'));
  if (process.env[TEST_ENV.mongoBase]) {
    mongoBase = process.env[TEST_ENV.mongoBase]!;
    mongoQuery = process.env[TEST_ENV.mongoQuery] ?? '';
    redisUrl = process.env[TEST_ENV.redisUrl] ?? 'redis://127.0.0.1:6379';
  } else {
    services = await provideTestServices(() => {});
    ({ mongoBase, mongoQuery, redisUrl } = services);
  }
}, BUILD_TIMEOUT);

afterAll(async () => {
  for (const child of running) signalStage(child, 'SIGKILL');
  await services?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function build(dockerfile: string, buildArgs?: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(scratch, `${path.basename(path.dirname(dockerfile))}-`));
  return rehearseBuild(dockerfile, {
    context: REPO_ROOT,
    scratch: dir,
    buildArgs,
    log: (line) => process.stdout.write(`${line}\n`),
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the image's command (or another, as compose's `command:` does) as the image would. */
function start(image: RehearsedStage, env: Record<string, string>, command?: string[]): Started {
  const child = spawnInStage(image, imageCommand(image, command), {
    env: { ...image.env, ...env },
    scratch: path.dirname(image.root),
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

async function stop(started: Started) {
  signalStage(started.child);
  await started.exited;
}

/** Waits until probe answers true, or fails with the process's output if it exits first. */
async function until(started: Started, what: string, probe: () => Promise<boolean>) {
  let exit: number | null | undefined;
  void started.exited.then((code) => (exit = code));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (exit !== undefined || Date.now() > deadline) {
      throw new Error(
        `${what}: ${exit !== undefined ? `exited with ${exit}` : 'no answer'}\n${started.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const healthy = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok;

const secret = () => randomBytes(32).toString('base64');
const mediaKey = secret();

function backendEnv(port: number): Record<string, string> {
  const name = `rehearsal_${randomBytes(4).toString('hex')}`;
  return {
    BACKEND_PORT: String(port),
    HOST: '127.0.0.1',
    MONGODB_URI: `${mongoBase}/${name}${mongoQuery}`,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: name,
    JWT_SECRET: secret(),
    SITE_CREDENTIALS_KEY: secret(),
    COMPANY_DEFAULT_PASSWORD: 'rehearsal-default',
    TENTACLE_SECRET: secret(),
    ADMIN_USERNAME: 'rehearsal-admin@storecloud.local',
    ADMIN_PASSWORD: 'Rehearsal-Pass1',
    MEDIA_SERVER_URL: 'http://127.0.0.1:9',
    MEDIA_SERVICE_KEY: mediaKey,
  };
}

describe('Dockerfiles', () => {
  it('pin every base image to an exact version, every Node image to one Node LTS tag', () => {
    const nodeTags = new Set<string>();
    for (const file of DOCKERFILES) {
      for (const { from } of parseDockerfile(file)) {
        const image = from.getArguments()[0].getValue();
        if (parseDockerfile(file).some((s) => s.from !== from && image === stageName(s.from))) {
          continue; // FROM an earlier stage
        }
        expect(image).toMatch(/(:[^:@]*\d+\.\d+\.\d+[^:@]*|@sha256:[0-9a-f]{64})$/);
        if (isNodeBase(image)) nodeTags.add(image);
      }
    }
    expect([...nodeTags]).toHaveLength(1);
    // Even-numbered majors are the LTS lines; 20 reached its end of life in April 2026.
    expect(Number(/^node:(\d+)\./.exec([...nodeTags][0])?.[1])).toBeGreaterThanOrEqual(24);
  });

  it('keep install analytics (@scarf/scarf) out of every npm ci', () => {
    for (const file of DOCKERFILES) {
      for (const { steps } of parseDockerfile(file)) {
        const env: Record<string, string> = {};
        for (const step of steps) {
          if (step.getKeyword() === 'ENV') {
            for (const a of step.getArguments()) {
              const [k, v] = a.getValue().split('=');
              env[k] = v;
            }
          }
          const command = step.getArgumentsContent() ?? '';
          if (step.getKeyword() === 'RUN' && /\bnpm ci\b/.test(command)) {
            expect({ file, command, scarf: env.SCARF_ANALYTICS }).toEqual({
              file,
              command,
              scarf: 'false',
            });
          }
        }
      }
    }
  });
});

function stageName(from: { getArguments(): { getValue(): string }[] }): string | undefined {
  return from.getArguments()[2]?.getValue();
}

describe('images, rehearsed without Docker', () => {
  it(
    'backend: builds; the seed, the API (healthy) and the worker start from it',
    async () => {
      const image = await build(path.join(REPO_ROOT, 'backend', 'Dockerfile'));
      const port = await freePort();
      const env = backendEnv(port);

      const seed = start(image, env, ['node', 'backend/dist/seed.js']);
      const seedExit = await seed.exited;
      expect({ seedExit, output: seedExit === 0 ? '' : seed.output() }).toEqual({
        seedExit: 0,
        output: '',
      });

      const api = start(image, { ...env, BACKEND_ROLE: 'api' });
      await until(api, 'backend /health', async () => {
        const response = await fetch(`http://127.0.0.1:${port}/health`);
        const body = (await response.json()) as { checks?: Record<string, string> };
        return response.ok && body.checks?.mongo === 'up' && body.checks?.redis === 'up';
      });
      await stop(api);

      const worker = start(image, env, ['node', 'backend/dist/worker.js']);
      await until(worker, 'worker', async () => worker.output().includes('Worker running'));
      await stop(worker);
    },
    BUILD_TIMEOUT,
  );

  it(
    'media-server: builds and answers /health, writing media as the node user',
    async () => {
      const image = await build(path.join(REPO_ROOT, 'media-server', 'Dockerfile'));
      const port = await freePort();
      const media = start(image, {
        MEDIA_PORT: String(port),
        HOST: '127.0.0.1',
        BACKEND_URL: 'http://127.0.0.1:9',
        MEDIA_SERVICE_KEY: mediaKey,
      });
      await until(media, 'media-server /health', healthy(port));
      await stop(media);
    },
    BUILD_TIMEOUT,
  );

  it(
    'router-simulator: builds and answers /health',
    async () => {
      const image = await build(path.join(REPO_ROOT, 'router-simulator', 'Dockerfile'));
      const port = await freePort();
      const simulator = start(image, {
        SIMULATOR_PORT: String(port),
        HOST: '127.0.0.1',
        BACKEND_URL: 'http://127.0.0.1:9',
        TENTACLE_SECRET: secret(),
      });
      await until(simulator, 'router-simulator /health', healthy(port));
      await stop(simulator);
    },
    BUILD_TIMEOUT,
  );

  it(
    'frontend (portal): builds the SPA into nginx’s html folder, with its config',
    async () => {
      const image = await build(path.join(REPO_ROOT, 'frontend', 'Dockerfile'));
      const html = path.join(image.root, 'usr/share/nginx/html');
      expect(fs.readFileSync(path.join(html, 'index.html'), 'utf8')).toContain('<div id="root"');
      expect(fs.existsSync(path.join(image.root, 'etc/nginx/conf.d/default.conf'))).toBe(true);
      const headers = fs.readFileSync(
        path.join(image.root, 'etc/nginx/portal-headers.conf'),
        'utf8',
      );
      expect(headers).not.toContain('__BOS_FRAME_ORIGINS__');
    },
    BUILD_TIMEOUT,
  );
});
