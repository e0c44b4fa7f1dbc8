import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { healthSchema } from '@store-cloud/contracts';

/** Runs src/main.ts as its own process, the way the launcher runs dist/main.js. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'main.ts')], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('media server process', () => {
  let running: ChildProcess | undefined;
  afterEach(() => {
    if (running?.exitCode === null) running.kill('SIGKILL');
  });

  it('exits 1 and names the variable when the configuration is bad', async () => {
    const main = startMain({ MEDIA_PORT: 'not-a-port' });
    running = main.child;
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain('MEDIA_PORT');
  });

  it('serves /health, then stops cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-main-'));
    const port = await freePort();
    const main = startMain({ MEDIA_PORT: String(port), DATA_DIR: dataDir });
    running = main.child;
    await main.printed('listening on');
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    expect(healthSchema.parse(await response.json()).status).toBe('ok');
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
