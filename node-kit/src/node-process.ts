import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/** A Node script running as its own process, with what it printed so far. */
export interface NodeProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves once stdout holds `text`; rejects if the process exits first. */
  printed(text: string): Promise<void>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
}

/**
 * Runs `node [nodeArgs] script [args]` with only PATH and `env`, the way a launcher runs a
 * service; for the services' process tests.
 */
export function startNodeScript(
  script: string,
  options: { env: Record<string, string>; args?: string[]; nodeArgs?: string[] },
): NodeProcess {
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), script, ...(options.args ?? [])],
    { env: { PATH: process.env.PATH, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(text)) return resolve();
        if (child.exitCode !== null)
          return reject(new Error(`exited before printing ${text}:\n${output}`));
      };
      child.stdout.on('data', check);
      child.once('exit', check);
      check();
    });
  return { child, exited, printed, output: () => output };
}

/** A loopback port nothing listens on now, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
