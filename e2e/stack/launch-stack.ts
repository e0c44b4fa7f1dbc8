import fs from 'node:fs';
import path from 'node:path';
import { API, SIMULATOR_API } from '@store-cloud/contracts';
import { apiNodes, withNodeUrls } from './api-nodes';
import { makePrivateDir } from './data-dir';
import { startDatabase } from './database';
import { openFileLimit } from './open-files';
import { packageBin } from './package-bin';
import { REPO_ROOT } from './paths';
import { waitForPort } from './ports';
import { redisPortToStart, redisServerArgs } from './redis';
import { runNodeOrThrow } from './run-node';
import { connectHost, LAUNCHER_ENV, type StackEnv, urlHost } from './stack-env';
import { type ProcessSpec, Supervisor } from './supervisor';

/** How the portal is served: the built SPA (npm start) or Vite's hot-reload server (npm run dev). */
export type PortalMode = 'production' | 'dev';

export interface AdminLogin {
  username: string;
  /** Known only when the seed has just generated it: printed on that one start. */
  password?: string;
  source: 'environment' | 'generated' | 'unknown';
}

export interface LaunchedStack {
  env: StackEnv;
  portalUrl: string;
  database: string;
  admin: AdminLogin;
  /** Stops every process the launcher started, the database and Redis last. Safe to call twice. */
  stop: () => Promise<void>;
  /** Settles once the stack has stopped (by stop()). */
  exited: Promise<void>;
}

export interface LaunchOptions {
  log?: (line: string) => void;
  portal?: PortalMode;
  /** How long the services and the portal may take to answer (ms). */
  readyTimeoutMs?: number;
}

/**
 * The media server's heap starts at 64 MB of old space: each upload's buffers (the received
 * chunks, the file in one piece) count towards V8's limits, and on a heap near its 15 MB of live
 * objects they forced a full garbage collection for almost every upload (about 20 ms of CPU
 * each; 6 per 98 uploads with the larger start). The Dockerfile and `npm start -w media-server`
 * pass the same.
 */
const MEDIA_SERVER_NODE_ARGS = ['--initial-old-space-size=64'];
/**
 * The API node's young generation: the pings of 20,000 stores leave short-lived garbage that a
 * small one promotes to the old generation, whose full collections then held the event loop for
 * 100 ms and more (issue 15: status p99 123 ms before, 33 to 40 ms after, at 19,000 stores).
 */
const BACKEND_NODE_ARGS = ['--max-semi-space-size=32'];

/**
 * The platform's long-running processes, each started and supervised alike. A new process
 * (e.g. a separate worker) is one more entry here.
 */
export function stackProcesses(stackEnv: StackEnv, portal: PortalMode): ProcessSpec[] {
  const node = process.execPath;
  const nodes = apiNodes(stackEnv);
  // The portal server balances over every node; the simulator spreads its stores over them.
  const env = withNodeUrls(stackEnv, nodes);
  const service = (
    name: string,
    color: ProcessSpec['color'],
    project: string,
    script = 'dist/main.js',
    extraEnv: NodeJS.ProcessEnv = {},
    nodeArgs: string[] = [],
  ): ProcessSpec => ({
    name,
    color,
    command: node,
    args: [...nodeArgs, script],
    cwd: dir(project),
    env: { ...env, ...extraEnv },
    layer: 'app',
  });
  const portalProcess: ProcessSpec =
    portal === 'dev'
      ? {
          name: 'portal',
          color: 'cyan',
          command: node,
          args: [packageBin('vite', dir('frontend'))],
          cwd: dir('frontend'),
          env,
          layer: 'app',
        }
      : {
          name: 'portal',
          color: 'cyan',
          command: node,
          args: ['--import', 'tsx', path.join(__dirname, 'portal-server.ts')],
          cwd: dir('e2e'),
          env,
          layer: 'app',
        };
  return [
    // The API nodes only enqueue jobs; the worker runs them and the cluster-wide sweeps.
    ...nodes.map((api) =>
      service(
        api.name,
        'blue',
        'backend',
        'dist/main.js',
        { ...api.env, BACKEND_ROLE: 'api' },
        BACKEND_NODE_ARGS,
      ),
    ),
    service('worker', 'gray', 'backend', 'dist/worker.js'),
    service('media', 'magenta', 'media-server', undefined, {}, MEDIA_SERVER_NODE_ARGS),
    // The demo's screens play what their schedules put on them and report it (proof of play);
    // tests that start the simulator themselves leave the player off.
    service('simulator', 'green', 'router-simulator', undefined, {
      PLAYER_REPORT_INTERVAL_MS: env.PLAYER_REPORT_INTERVAL_MS || '5000',
      PLAYER_OUTBOX_DIR: env.PLAYER_OUTBOX_DIR || path.join(env.DATA_DIR, 'player'),
    }),
    portalProcess,
  ];
}

/**
 * Starts a whole stack from built projects (start.ts builds them first): database and Redis
 * when needed, the seed, then the API_NODES backend (API) nodes, worker, media server, router simulator and the portal, every
 * long-running one under the Supervisor (coloured name prefixes, restart with backoff). Resolves
 * once every service is ready (GET /health/ready answers 200).
 */
export async function launchStack(
  env: StackEnv,
  options: LaunchOptions = {},
): Promise<LaunchedStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const portal = options.portal ?? 'production';
  const processes = stackProcesses(env, portal);
  const limit = openFileLimit();
  log(limit.message);
  const supervisor = new Supervisor(['ferretdb', 'redis', ...processes.map((p) => p.name)], limit);
  // Should the launcher die of an error, its children must not keep the ports and the database.
  process.once('exit', () => supervisor.killAll());
  let database: Awaited<ReturnType<typeof startDatabase>> | undefined;
  let stopped: Promise<void> | undefined;
  let markExited!: () => void;
  const exited = new Promise<void>((resolve) => (markExited = resolve));
  const stop = () => {
    stopped ??= (async () => {
      await supervisor.stop();
      await database?.stop();
      if (env[LAUNCHER_ENV.removeDataDir] === '1') {
        fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
      }
      markExited();
    })();
    return stopped;
  };
  try {
    makePrivateDir(env.DATA_DIR);
    database = await startDatabase(env, log, supervisor);
    log(`Database: ${database.description}`);
    env = { ...env, MONGODB_URI: database.uri };

    const redisPort = await redisPortToStart(env.REDIS_URL);
    if (redisPort !== undefined) {
      supervisor.start({
        name: 'redis',
        color: 'red',
        command: 'redis-server',
        args: redisServerArgs(redisPort),
        cwd: env.DATA_DIR,
        env: process.env,
        layer: 'data',
      });
      await Promise.race([waitForPort(redisPort, '127.0.0.1', 10_000), supervisor.failed]);
    }
    log(
      `Redis: ${env.REDIS_URL}${redisPort !== undefined ? ' (started redis-server)' : ''} prefix ${env.REDIS_PREFIX}`,
    );

    const seedOutput = await runNodeOrThrow(path.join(dir('backend'), 'dist', 'seed.js'), [], {
      cwd: REPO_ROOT,
      env,
    });
    const admin = adminLogin(env, seedOutput);

    for (const spec of stackProcesses(env, portal)) supervisor.start(spec);
    const host = connectHost(env.HOST);
    const timeout = options.readyTimeoutMs ?? 120_000;
    const ready = (port: string, path: string = API.healthReady) =>
      waitForHealth(`http://${urlHost(host)}:${port}${path}`, timeout);
    await Promise.race([
      Promise.all([
        ...apiNodes(env).map((api) => waitForHealth(`${api.url}${API.healthReady}`, timeout)),
        ready(env.MEDIA_PORT),
        ready(env.SIMULATOR_PORT, SIMULATOR_API.healthReady),
        // Vite's dev server has no health route of its own.
        portal === 'dev'
          ? waitForPort(Number(env.PORTAL_PORT), host, timeout)
          : ready(env.PORTAL_PORT),
      ]),
      supervisor.failed,
    ]);
    // Up: from now on a process that dies is restarted, and the others keep serving.
    supervisor.supervise();
    log(`Supervising: ${supervisor.names().join(', ')} (a process that dies is restarted).`);
    return {
      env,
      portalUrl: `http://${urlHost(host)}:${env.PORTAL_PORT}`,
      database: database.description,
      admin,
      stop,
      exited,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function adminLogin(env: StackEnv, seedOutput: string): AdminLogin {
  const username = env.ADMIN_USERNAME;
  // The seed prints a generated password once, on the start that created the admin.
  const match = /^Generated password for .*?: (\S+)$/m.exec(seedOutput);
  if (match) return { username, password: match[1], source: 'generated' };
  return { username, source: env.ADMIN_PASSWORD ? 'environment' : 'unknown' };
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function dir(project: string): string {
  return path.join(REPO_ROOT, project);
}
