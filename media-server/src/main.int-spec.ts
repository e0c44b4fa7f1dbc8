import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { healthSchema } from '@store-cloud/contracts';
import { freePort, startNodeScript } from '@store-cloud/node-kit';
import { storageEnv } from '../test/test-media-app';

/** Runs src/main.ts as its own process, the way the launcher runs dist/main.js. */
const startMain = (env: Record<string, string>) =>
  startNodeScript(path.join(__dirname, 'main.ts'), {
    env: { ...storageEnv(), ...env },
    nodeArgs: ['--import', 'tsx'],
  });

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

  it('binds 127.0.0.1 by default, serves /health, then stops cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-main-'));
    const port = await freePort();
    const main = startMain({ MEDIA_PORT: String(port), DATA_DIR: dataDir });
    running = main.child;
    // HOST unset: this machine only, and the line says the address really bound.
    await main.printed(`listening on http://127.0.0.1:${port}`);
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    expect(healthSchema.parse(await response.json()).status).toBe('ok');
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('removes what a crashed upload left in .tmp an hour ago at start, and keeps fresh uploads', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-main-'));
    const tmp = path.join(dataDir, 'media', '.tmp');
    await fs.mkdir(tmp, { recursive: true });
    await fs.writeFile(path.join(tmp, 'upload-crashed'), 'half a file');
    await fs.writeFile(path.join(tmp, 'upload-in-flight'), 'another server on this root');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await fs.utimes(path.join(tmp, 'upload-crashed'), twoHoursAgo, twoHoursAgo);
    const port = await freePort();
    const main = startMain({ MEDIA_PORT: String(port), DATA_DIR: dataDir });
    running = main.child;
    await main.printed('listening on');
    expect(await fs.readdir(tmp)).toEqual(['upload-in-flight']);
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
