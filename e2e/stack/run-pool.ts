import { spawn } from 'node:child_process';

/**
 * Runs tasks at most `limit` at a time, in the order given (put the longest first, so the short
 * ones fill the gaps beside them), and resolves with each result in that same order.
 */
export async function runPool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, lane));
  return results;
}

export interface BufferedRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr interleaved as they came. */
  output: string;
}

/**
 * `node script args` with its output kept, not printed, so that runners working side by side
 * do not mix their lines; the caller prints it whole when the run ends. A SIGTERM sent to us
 * is forwarded (Ctrl-C reaches the child through the process group anyway).
 */
export function runNodeBuffered(
  script: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<BufferedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGTERM', forward);
    child.once('error', (error) => {
      process.off('SIGTERM', forward);
      reject(error);
    });
    child.once('close', (code, signal) => {
      process.off('SIGTERM', forward);
      resolve({ code, signal, output: Buffer.concat(chunks).toString() });
    });
  });
}

/** 83.4 s, 12 min 5 s. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  // Whole seconds first, so 299.6 s reads 5 min 0 s, never 4 min 60 s.
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
