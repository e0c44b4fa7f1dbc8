import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { healthSchema, SIMULATOR_API, simulatedFleetSchema } from '@store-cloud/contracts';

const SECRET = 'tentacle-secret-long-enough-0123456789';

/** Runs src/main.ts as its own process, the way the launcher runs dist/main.js. */
function startMain(env: Record<string, string>, args: string[] = []) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'main.ts'), ...args],
    {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('router simulator process', () => {
  let running: ChildProcess | undefined;
  afterEach(() => {
    if (running?.exitCode === null) running.kill('SIGKILL');
  });

  it('exits 1 and names the variable when the configuration is bad', async () => {
    const main = startMain({
      SIMULATOR_PORT: 'not-a-port',
      BACKEND_URL: 'http://127.0.0.1:3000',
      TENTACLE_SECRET: SECRET,
    });
    running = main.child;
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain('SIMULATOR_PORT');
  });

  it('exits 1 and names FLEET_FILE when the fleet file cannot be used', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-main-'));
    const file = path.join(dir, 'fleet.json');
    await fs.writeFile(file, '{"companies": "none"}');
    const main = startMain({
      BACKEND_URL: 'http://127.0.0.1:3000',
      TENTACLE_SECRET: SECRET,
      FLEET_FILE: file,
    });
    running = main.child;
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain(`FLEET_FILE ${file}`);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('serves a synthetic fleet sized by flags, then stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const main = startMain(
      {
        SIMULATOR_PORT: String(port),
        BACKEND_URL: 'http://127.0.0.1:3000',
        TENTACLE_SECRET: SECRET,
      },
      ['--companies', '3', '--stores-per-company', '5'],
    );
    running = main.child;
    await main.printed('listening on');
    const response = await fetch(`http://127.0.0.1:${port}${SIMULATOR_API.fleet}`);
    const fleet = simulatedFleetSchema.parse(await response.json());
    expect(fleet.companies.map((c) => c.stores.length)).toEqual([5, 5, 5]);
    const health = await fetch(`http://127.0.0.1:${port}${SIMULATOR_API.health}`);
    expect(healthSchema.parse(await health.json()).status).toBe('ok');
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
  });
});
