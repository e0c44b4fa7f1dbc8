import { spawn } from 'node:child_process';

export interface NodeRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Everything the script wrote to stdout (also passed through to ours). */
  stdout: string;
}

/**
 * Runs `node script args` to completion with its output passed through, and returns how it
 * ended. Ctrl-C reaches the child through the terminal; a SIGTERM sent to us alone is forwarded.
 */
export function runNode(
  script: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; nodeArgs?: string[] },
): Promise<NodeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      process.stdout.write(chunk);
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGTERM', forward);
    child.once('error', (error) => {
      process.off('SIGTERM', forward);
      reject(error);
    });
    child.once('close', (code, signal) => {
      process.off('SIGTERM', forward);
      resolve({ code, signal, stdout });
    });
  });
}

/** runNode that fails unless the script exits with 0; returns its stdout. */
export async function runNodeOrThrow(
  script: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<string> {
  const run = await runNode(script, args, options);
  if (run.code !== 0) {
    const what = [script.split('/').pop(), ...args.slice(0, 1)].join(' ');
    throw new Error(`${what} failed (${run.signal ?? `exit ${run.code}`})`);
  }
  return run.stdout;
}
