/**
 * `npm start` as the stack's int-specs run it: the launcher (e2e/stack/start.ts) on spare ports
 * with its own FerretDB, Redis and data folder, watched from outside through what it prints.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { REPO_ROOT } from './paths';
import { LAUNCHER_ENV } from './stack-env';

/** The ports of one launched stack; the backend's is the first API node's. */
export interface StackPorts {
  portal: number;
  backend: number;
  media: number;
  simulator: number;
  database: number;
  redis: number;
}

export interface LauncherRun {
  process: ChildProcess;
  /** Everything the launcher printed so far (its own lines and its processes'). */
  output(): string;
  /** The pid the launcher last reported for a process ("[name] ── started (pid N)"). */
  pidOf(name: string): number | undefined;
  /** Resolves with the launcher's exit code. */
  exited: Promise<number | null>;
  /** Ctrl-C, if it still runs, and its exit. */
  stop(): Promise<void>;
}

/**
 * A failed test of the calling file is retried at once, not after the file's other tests (as
 * jest-retry-once.ts sets for the rest): these files run one sequence on one stack, and their
 * last test stops it with Ctrl-C, after which a deferred retry could only time out.
 */
export function retryAtOnce(): void {
  jest.retryTimes(1, { logErrorsBeforeRetry: true, retryImmediately: true });
}

/** Polls `probe` every 250 ms until it answers something; its failures count as "not yet". */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts the launcher with `env` over the test's defaults (`name` makes the Redis prefix and the
 * data folder's name) and resolves once it printed that the portal runs. A launcher that exits
 * first, or takes over 4 minutes, fails with the end of what it printed.
 */
export async function startLauncher(
  name: string,
  ports: StackPorts,
  admin: { username: string; password: string },
  env: NodeJS.ProcessEnv = {},
): Promise<LauncherRun> {
  let output = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('e2e', 'stack', 'start.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORTAL_PORT: String(ports.portal),
        BACKEND_PORT: String(ports.backend),
        MEDIA_PORT: String(ports.media),
        SIMULATOR_PORT: String(ports.simulator),
        FERRETDB_PORT: String(ports.database),
        REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
        REDIS_PREFIX: `${name}-${process.pid}`,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `storecloud-${name}-`)),
        MONGODB_URI: '',
        BACKEND_URL: '',
        MEDIA_SERVER_URL: '',
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'warn',
        [LAUNCHER_ENV.envFile]: '',
        [LAUNCHER_ENV.removeDataDir]: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const run: LauncherRun = {
    process: child,
    output: () => output,
    pidOf: (processName) => {
      const pattern = new RegExp(`\\[${processName}\\s*\\] ── started \\(pid (\\d+)\\)`, 'g');
      const last = [...output.matchAll(pattern)].pop();
      return last ? Number(last[1]) : undefined;
    },
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        await exited;
      }
    },
  };
  await until(
    'the stack to start',
    async () => {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      return output.includes('store-cloud portal is running') || undefined;
    },
    240_000,
  ).catch(async (error: unknown) => {
    await run.stop();
    throw new Error(`${String(error)}\n${output.slice(-4000)}`);
  });
  return run;
}

/**
 * SIGKILLs the process the launcher calls `name` and waits until the launcher has said so and
 * started it again (a new pid); resolves with the new pid.
 */
export async function killAndAwaitRestart(run: LauncherRun, name: string): Promise<number> {
  const before = run.pidOf(name);
  if (before === undefined) throw new Error(`the launcher never started ${name}`);
  process.kill(before, 'SIGKILL');
  const restarted = await until(`${name} to be restarted`, async () => {
    const now = run.pidOf(name);
    return now !== undefined && now !== before ? now : undefined;
  });
  const said = new RegExp(`\\[${name}\\s*\\] ── exited \\(signal SIGKILL\\); restarting in \\d+ s`);
  if (!said.test(run.output())) throw new Error(`the launcher did not say that ${name} was killed`);
  return restarted;
}
