import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { isListening, waitForPort } from './ports';

/**
 * Whether Redis must be started for url: undefined when one answers there, else the local port
 * to start redis-server on. Throws when nothing answers and none can be started there.
 */
export async function redisPortToStart(url: string): Promise<number | undefined> {
  const { hostname, port: portText } = new URL(url);
  const port = Number(portText || 6379);
  const host = hostname || '127.0.0.1';
  if (await isListening(port, host)) return undefined;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host) || !hasRedisServer()) {
    throw new Error(
      `Redis does not answer at ${url}. Start Redis there (e.g. apt-get install redis-server), ` +
        'or set REDIS_URL to a running Redis.',
    );
  }
  return port;
}

/** A throwaway Redis on 127.0.0.1:port: nothing written to disk (the database is the truth). */
export function redisServerArgs(port: number): string[] {
  return ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
}

/**
 * Makes sure Redis answers at url: uses a running one, or starts redis-server on that port
 * when the binary exists. Returns the child it started, if any, so the caller can stop it.
 */
export async function ensureRedis(url: string): Promise<ChildProcess | undefined> {
  const port = await redisPortToStart(url);
  if (port === undefined) return undefined;
  const child = spawn('redis-server', redisServerArgs(port), { stdio: 'ignore' });
  await waitForPort(port, '127.0.0.1', 10_000);
  return child;
}

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
