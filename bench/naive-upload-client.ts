/**
 * Starts bench/naive-upload-server.ts as a child process with the media server's node flags
 * (`--initial-old-space-size=64`, as `npm start` runs it) in a session of its own, and waits
 * for its port.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface NaiveServer {
  url: URL;
  pid: number;
  stop: () => void;
}

export function startNaiveServer(): Promise<NaiveServer> {
  const child = spawn(
    process.execPath,
    [
      '--initial-old-space-size=64',
      '--import',
      'tsx',
      path.join(__dirname, 'naive-upload-server.ts'),
    ],
    // Its own session, as the stack's processes have theirs (npm start): with Linux's autogroup
    // scheduling a session shares the CPUs as one, and in the bench's session the server would
    // share its share with the bench client and the sharp loop.
    { cwd: __dirname, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  // The bench must not leave it running, whatever way it ends.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`naive upload server exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolve({ url: new URL(`http://127.0.0.1:${port}/upload`), pid: child.pid!, stop });
    });
  });
}
