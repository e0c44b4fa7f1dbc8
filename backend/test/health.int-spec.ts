/**
 * Honest health: /health/live says the process answers; /health/ready (and /health) says whether
 * the database and Redis answer, and turns 503 with the reason when the database is lost (its
 * connection runs through a TCP relay the test cuts). The worker's readiness (worker-health.js)
 * names a database it cannot reach too.
 */
import net from 'node:net';
import { API, HEALTH_REASON, healthSchema } from '@store-cloud/contracts';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { workerReadiness } from '../src/worker-health';
import { createTestApp, testConfig, type TestApp } from './create-app';
import { eventually } from './eventually';

/** A TCP relay to the test database that can be cut (every connection dropped, none accepted). */
async function databaseRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen();
  return {
    port,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: listen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('health', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof databaseRelay>>;

  beforeAll(async () => {
    const direct = new URL(testConfig('health').mongoUri);
    relay = await databaseRelay(direct);
    const viaRelay = new URL(direct);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    t = await createTestApp('health', { seed: false, config: { mongoUri: viaRelay.toString() } });
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  it('is live and ready while the database and Redis answer', async () => {
    const live = await request(t.baseUrl).get(API.healthLive).expect(200);
    expect(healthSchema.parse(live.body).status).toBe('ok');
    for (const path of [API.healthReady, API.health]) {
      const ready = await request(t.baseUrl).get(path).expect(200);
      expect(healthSchema.parse(ready.body)).toEqual({
        status: 'ok',
        checks: { mongo: 'up', redis: 'up' },
      });
    }
  });

  it('turns ready red with the reason when the database is lost, while live stays green', async () => {
    await relay.cut();
    try {
      const ready = await request(t.baseUrl).get(API.healthReady).expect(503);
      expect(healthSchema.parse(ready.body)).toEqual({
        status: 'error',
        checks: { mongo: 'down', redis: 'up' },
        reasons: [HEALTH_REASON.mongo],
      });
      await request(t.baseUrl).get(API.health).expect(503);
      await request(t.baseUrl).get(API.healthLive).expect(200);
    } finally {
      await relay.restore();
    }
    // The driver reconnects by itself: ready again, nothing restarted.
    await eventually(
      async () => (await request(t.baseUrl).get(API.healthReady)).status,
      (status) => status === 200,
    );
  });

  it("names the worker's lost database, and is ready while a process serves the queues", async () => {
    // This app runs the jobs (BACKEND_ROLE all), so its BullMQ workers are registered.
    expect(await workerReadiness(t.config)).toEqual({
      status: 'ok',
      checks: { mongo: 'up', redis: 'up', queues: 'up' },
    });
    const lost = { ...t.config, mongoUri: `mongodb://127.0.0.1:${await freePort()}/lost` };
    expect(await workerReadiness(lost)).toEqual({
      status: 'error',
      checks: { mongo: 'down', redis: 'up', queues: 'up' },
      reasons: [HEALTH_REASON.mongo],
    });
  });
});
