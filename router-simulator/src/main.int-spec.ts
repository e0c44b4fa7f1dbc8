import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { healthSchema, SIMULATOR_API, simulatedFleetSchema } from '@store-cloud/contracts';
import { freePort, startNodeScript } from '@store-cloud/node-kit';

const SECRET = 'tentacle-secret-long-enough-0123456789';

/** Runs src/main.ts as its own process, the way the launcher runs dist/main.js. */
const startMain = (env: Record<string, string>, args: string[] = []) =>
  startNodeScript(path.join(__dirname, 'main.ts'), { env, args, nodeArgs: ['--import', 'tsx'] });

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
    // HOST unset: this machine only, and the line says the address really bound.
    await main.printed(`listening on http://127.0.0.1:${port}`);
    const response = await fetch(`http://127.0.0.1:${port}${SIMULATOR_API.fleet}`);
    const fleet = simulatedFleetSchema.parse(await response.json());
    expect(fleet.companies.map((c) => c.stores.length)).toEqual([5, 5, 5]);
    const health = await fetch(`http://127.0.0.1:${port}${SIMULATOR_API.health}`);
    expect(healthSchema.parse(await health.json()).status).toBe('ok');
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
  });
});
