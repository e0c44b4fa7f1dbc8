import fs from 'node:fs';
import path from 'node:path';
import { type Command, concurrently } from 'concurrently';
import { API } from '@store-cloud/contracts';
import { startDatabase } from './database';
import { nxBuild } from './nx-build';
import { packageBin } from './package-bin';
import { REPO_ROOT } from './paths';
import { waitForPort } from './ports';
import { ensureRedis } from './redis';
import { runNodeOrThrow } from './run-node';
import { LAUNCHER_ENV, type StackEnv } from './stack-env';

/** The Nx projects npm start needs compiled (the portal runs from source under Vite). */
export const RUNTIME_PROJECTS = [
  '@store-cloud/contracts',
  '@store-cloud/backend',
  '@store-cloud/media-server',
  '@store-cloud/router-simulator',
];

export interface AdminLogin {
  username: string;
  /** Known only when it came from ADMIN_PASSWORD or the seed has just generated it. */
  password?: string;
  source: 'environment' | 'generated' | 'unknown';
}

export interface LaunchedStack {
  env: StackEnv;
  portalUrl: string;
  database: string;
  admin: AdminLogin;
  /** Stops every process the launcher started, the database last. Safe to call twice. */
  stop: () => Promise<void>;
  /** Settles with the exit code once the stack has stopped (by stop() or a crashed process). */
  exited: Promise<number>;
}

export interface LaunchOptions {
  log?: (line: string) => void;
  /** Default true; false when the caller has just built (STACK_SKIP_BUILD=1 does the same). */
  build?: boolean;
  /** How long the backend and the portal may take to answer (ms). */
  readyTimeoutMs?: number;
}

/**
 * Starts a whole stack: database, Redis, build, seed, then backend, media-server,
 * router-simulator and the Vite dev server of the portal under one concurrently group with
 * coloured prefixes. Resolves once the backend's /health and the portal's port answer.
 */
export async function launchStack(
  env: StackEnv,
  options: LaunchOptions = {},
): Promise<LaunchedStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cleanups: Array<() => Promise<void> | void> = [];
  const runCleanups = async () => {
    while (cleanups.length) await cleanups.pop()!();
  };
  try {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    if (env[LAUNCHER_ENV.removeDataDir] === '1') {
      // Pushed first, so it runs last: after the database has let go of its files.
      const dataDir = env.DATA_DIR;
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    }
    const database = await startDatabase(env, log);
    cleanups.push(database.stop);
    log(`Database: ${database.description}`);
    env = { ...env, MONGODB_URI: database.uri };

    const redis = await ensureRedis(env.REDIS_URL);
    if (redis) cleanups.push(() => void redis.kill());
    log(
      `Redis: ${env.REDIS_URL}${redis ? ' (started redis-server)' : ''} prefix ${env.REDIS_PREFIX}`,
    );

    if (options.build !== false && env[LAUNCHER_ENV.skipBuild] !== '1') {
      await nxBuild(RUNTIME_PROJECTS, env);
    }
    const seedOutput = await runNodeOrThrow(path.join(dir('backend'), 'dist', 'seed.js'), [], {
      cwd: REPO_ROOT,
      env,
    });
    const admin = adminLogin(env, seedOutput);

    const group = startProcesses(env);
    let stopping = false;
    const exited = group.result.then(
      () => 0,
      () => (stopping ? 0 : 1),
    );
    // A process that dies makes concurrently stop the others; the database must follow.
    const finished = exited.then(async (code) => {
      if (!stopping) log(`A process of the stack exited; stopping the rest.`);
      stopping = true;
      await runCleanups();
      return code;
    });
    const stop = async () => {
      if (!stopping) {
        stopping = true;
        await stopCommands(group.commands, exited);
      }
      await finished;
    };

    const portalUrl = `http://127.0.0.1:${env.PORTAL_PORT}`;
    const timeout = options.readyTimeoutMs ?? 120_000;
    const ready = Promise.all([
      waitForHealth(`${env.BACKEND_URL}${API.health}`, timeout),
      waitForPort(Number(env.PORTAL_PORT), '127.0.0.1', timeout),
    ]);
    const crashed = finished.then(() => {
      throw new Error('The stack stopped before it was ready (see the log above).');
    });
    // Whichever of the two loses the race must not surface later as an unhandled rejection.
    ready.catch(() => undefined);
    crashed.catch(() => undefined);
    try {
      await Promise.race([ready, crashed]);
    } catch (error) {
      await stop();
      throw error;
    }
    return { env, portalUrl, database: database.description, admin, stop, exited: finished };
  } catch (error) {
    await runCleanups();
    throw error;
  }
}

function adminLogin(env: StackEnv, seedOutput: string): AdminLogin {
  const username = env.ADMIN_USERNAME;
  if (env.ADMIN_PASSWORD) return { username, password: env.ADMIN_PASSWORD, source: 'environment' };
  // The seed prints a generated password once, on the line that names it.
  const match = [...seedOutput.matchAll(/password[^\n:=]*[:=]\s*['"]?([^\s'"]+)/gi)].pop();
  return match
    ? { username, password: match[1], source: 'generated' }
    : { username, source: 'unknown' };
}

function startProcesses(env: StackEnv) {
  const node = JSON.stringify(process.execPath);
  const vite = JSON.stringify(packageBin('vite', dir('frontend')));
  // `exec` replaces the shell concurrently spawns, so a signal reaches the node process itself.
  return concurrently(
    [
      {
        name: 'backend',
        command: `exec ${node} dist/main.js`,
        cwd: dir('backend'),
        prefixColor: 'blue',
      },
      {
        name: 'media',
        command: `exec ${node} dist/main.js`,
        cwd: dir('media-server'),
        prefixColor: 'magenta',
      },
      {
        name: 'simulator',
        command: `exec ${node} dist/main.js`,
        cwd: dir('router-simulator'),
        prefixColor: 'green',
      },
      {
        name: 'portal',
        command: `exec ${node} ${vite} --host 127.0.0.1 --port ${env.PORTAL_PORT} --strictPort`,
        cwd: dir('frontend'),
        prefixColor: 'cyan',
      },
    ].map((command) => ({ ...command, env })),
    { prefix: 'name', padPrefix: true, killOthersOn: ['failure', 'success'], restartTries: 0 },
  );
}

async function stopCommands(commands: Command[], exited: Promise<number>): Promise<void> {
  for (const command of commands) command.kill('SIGTERM');
  const graceful = await Promise.race([
    exited.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
  ]);
  if (!graceful) for (const command of commands) command.kill('SIGKILL');
  await exited;
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
