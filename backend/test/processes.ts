import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../e2e/stack/ports';
import { STORE_STATUS } from '@store-cloud/contracts';
import { TEST_MEDIA_SERVICE_KEY, TEST_TENTACLE_SECRET } from './create-app';
import { eventually } from './eventually';
import { storeStatus } from './store-status';

const ROOT = path.join(__dirname, '..', '..');

/** A workspace's src/main.ts running as a child process (through tsx), as the tests start it. */
export interface ChildServer {
  /** The workspace it runs (router-simulator, media-server). */
  workspace: string;
  url: string;
  port: number;
  /** Resolves once it prints that it listens (at LOG_LEVEL info); rejects if it exits first. */
  ready: Promise<void>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then waits for it to exit (nothing if it already has). */
  stop(): Promise<void>;
}

/** Starts `<workspace>/src/main.ts` with only PATH and env; returned before it is ready. */
export function startMain(
  workspace: string,
  port: number,
  env: Record<string, string>,
): ChildServer {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, workspace, 'src', 'main.ts')],
    { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('listening on')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${workspace} exited ${code}: ${output}`)));
  });
  // Tests that wait for something else instead need not handle an early exit here.
  ready.catch(() => undefined);
  return {
    workspace,
    url: `http://127.0.0.1:${port}`,
    port,
    ready,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The real media server against backendUrl, keeping its files in dataDir. */
export async function startMediaServer(options: {
  backendUrl: string;
  dataDir: string;
  /** A fixed port (to restart it where the backend expects it); a free one otherwise. */
  port?: number;
}): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  return startMain('media-server', port, {
    MEDIA_PORT: String(port),
    DATA_DIR: options.dataDir,
    BACKEND_URL: options.backendUrl,
    MEDIA_SERVICE_KEY: TEST_MEDIA_SERVICE_KEY,
    // A report the backend did not take (it was restarting) is sent again soon.
    MEDIA_AUDIT_RETRY_MS: '500',
    LOG_LEVEL: 'info',
  });
}

/** The real router simulator (demo fleet) connecting its stores to backendUrl. */
export async function startSimulator(options: {
  backendUrl: string;
  pingIntervalMs: number;
  /** More of its environment (report intervals, LOG_LEVEL); LOG_LEVEL is warn unless set. */
  env?: Record<string, string>;
}): Promise<ChildServer> {
  const port = await freePort();
  return startMain('router-simulator', port, {
    SIMULATOR_PORT: String(port),
    BACKEND_URL: options.backendUrl,
    TENTACLE_SECRET: TEST_TENTACLE_SECRET,
    TENTACLE_PING_INTERVAL_MS: String(options.pingIntervalMs),
    LOG_LEVEL: 'warn',
    ...options.env,
  });
}

/**
 * The demo fleet's simulator for a test's backend, pinging every 100 ms and fetching no media,
 * resolved once the named stores ([company, store]) read online.
 */
export async function startFleetFor(
  backendUrl: string,
  stores: ReadonlyArray<readonly [number, number]>,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const simulator = await startSimulator({
    backendUrl,
    pingIntervalMs: 100,
    env: { MEDIA_POLL_INTERVAL_MS: '0', ...env },
  });
  const statuses = () =>
    Promise.all(
      stores.map(([c, s]) =>
        storeStatus(backendUrl, c, s).then(
          (r) => r.status,
          () => -1,
        ),
      ),
    );
  await withOutputOf(
    simulator,
    eventually(statuses, (all) => all.every((s) => s === STORE_STATUS.online)),
  );
  return simulator;
}

/** Adds what the server printed to the error of a wait that failed (why it never got there). */
export function withOutputOf<T>(server: ChildServer, wait: Promise<T>): Promise<T> {
  return wait.catch((error: Error) => {
    throw new Error(`${error.message}\n${server.workspace} output:\n${server.output()}`);
  });
}

/** The built backend (backend/dist/main.js) as a child process, which a test may SIGKILL. */
export interface BackendProcess extends ChildServer {
  /** Kills it with SIGKILL (no shutdown hook runs, as in a crash) and waits for it to exit. */
  kill(): Promise<void>;
}

/**
 * Starts `backend/dist/main.js` (build it first: Nest needs the decorator metadata tsc emits)
 * with only PATH and env; returned before it is ready.
 */
export function startBackend(port: number, env: Record<string, string>): BackendProcess {
  return startBuilt('main.js', 'listening on', port, {
    BACKEND_PORT: String(port),
    ...env,
  });
}

/**
 * Starts the worker process, `backend/dist/worker.js` (BullMQ processors and sweeps, no HTTP),
 * with only PATH and env; ready once it says it runs. Its url and port mean nothing.
 */
export function startWorker(env: Record<string, string>): BackendProcess {
  return { ...startBuilt('worker.js', 'Worker running', 0, env), workspace: 'worker' };
}

function startBuilt(
  script: string,
  readyText: string,
  port: number,
  env: Record<string, string>,
): BackendProcess {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, 'backend', 'dist', script)],
    {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(readyText)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}: ${output}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    workspace: 'backend',
    url: `http://127.0.0.1:${port}`,
    port,
    ready,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
