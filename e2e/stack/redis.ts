import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { isListening, waitForPort } from './ports';

/**
 * Makes sure Redis answers at url: uses a running one, or starts redis-server on that port
 * when the binary exists. Returns the child it started, if any, so the caller can stop it.
 */
export async function ensureRedis(url: string): Promise<ChildProcess | undefined> {
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
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
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
