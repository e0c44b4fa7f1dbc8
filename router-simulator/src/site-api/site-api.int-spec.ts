import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BOS_APP,
  BOS_VERSIONS,
  DEMO_FLEET,
  SIMULATOR_API,
  SITE_API,
  simulatedMessagesSchema,
  siteVersionSchema,
} from '@store-cloud/contracts';
import { createLogger } from '@store-cloud/node-kit';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../app';
import { FleetState } from '../fleet/fleet-state';
import { answer } from './site-api';

const store = DEMO_FLEET.companies[0]!.stores[1]!;

describe('site API of a simulated store', () => {
  it('answers the status calls with the store versions', () => {
    const get = (path: string, d?: string) =>
      answer(store, { method: 'GET', path, query: d ? { d } : {} });
    expect(get('/ping', 'es').body).toEqual({ version: store.versions.serving });
    expect(get('/promotion/ping', 'ed').body).toEqual({ version: store.versions.deal });
    expect(get('/ping', 'eb').body).toEqual({ version: store.versions.booking });
    expect(get('/version', 'eu').body).toEqual({ version: store.versions.pump });
    expect(get('/evorouter/version').body).toEqual({ version: store.versions.router });
    expect(get('/ping', 'zz').status).toBe(400);
    expect(get('/nothing').status).toBe(404);
    expect(answer(store, { method: 'POST', path: '/anything', query: {} }).status).toBe(200);
    // The messenger checks what it receives, also without a state to keep it in.
    expect(answer(store, { method: 'POST', path: '/broadcastMessage', query: {} }).status).toBe(
      400,
    );
  });

  it('answers directly at /api/v1, takes a delay and lists received messages (control API)', async () => {
    const state = new FleetState(DEMO_FLEET);
    const app = createApp(state, createLogger('silent', 'router-simulator'));
    const res = await request(app).get(SITE_API.ping).query({ c: 101, s: 2, d: 'es' }).expect(200);
    expect(siteVersionSchema.parse(res.body).version).toBe(store.versions.serving);
    await request(app).get(SITE_API.ping).query({ c: 999, s: 2, d: 'es' }).expect(404);

    await request(app).post(SIMULATOR_API.storeSlow(101, 2)).send({ delayMs: 250 }).expect(200);
    expect(state.delayOf(101, 2)).toBe(250);
    await request(app).post(SIMULATOR_API.storeSlow(101, 2)).send({ delayMs: -1 }).expect(400);
    await request(app).post(SIMULATOR_API.storeSlow(999, 2)).send({ delayMs: 1 }).expect(404);

    state.recordMessage(101, 2, { path: '/broadcastMessage', query: {}, body: { a: 1 } });
    const messages = simulatedMessagesSchema.parse(
      (await request(app).get(SIMULATOR_API.storeMessages(101, 2)).expect(200)).body,
    );
    expect(messages).toEqual([{ path: '/broadcastMessage', query: {}, body: { a: 1 } }]);
  });

  it('serves the BOS apps only with a token the cloud confirms', async () => {
    // A stand-in for the cloud's token check: one good token.
    const cloud = http.createServer((req, res) => {
      const url = new URL(req.url ?? '', 'http://x');
      const ok =
        url.pathname === SITE_API.siteTokenInfo && url.searchParams.get('token') === 'good';
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          ok
            ? { user: 'u@x.test', company: 101, store: 2, expires: new Date().toISOString() }
            : { code: 'UNAUTHENTICATED', message: 'no' },
        ),
      );
    });
    await new Promise<void>((r) => cloud.listen(0, '127.0.0.1', r));
    try {
      const backendUrl = `http://127.0.0.1:${(cloud.address() as AddressInfo).port}`;
      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
      const app = createApp(new FleetState(DEMO_FLEET), logger, {
        backendUrl,
        portalOrigins: ['http://127.0.0.1:4200'],
      });
      const page = await request(app)
        .get(BOS_APP.path(3))
        .query({ token: 'good', store: 42, user: 100 })
        .expect(200);
      // The portal on its origin may frame the page; nobody else may.
      expect(page.headers['x-frame-options']).toBeUndefined();
      expect(page.headers['content-security-policy']).toContain(
        'frame-ancestors http://127.0.0.1:4200',
      );
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      // The site token in the address never reaches the request log.
      const logged = lines.find((l) => l.includes(BOS_APP.path(3)));
      expect(logged).toContain('token=[redacted]');
      expect(lines.join('')).not.toContain('token=good');
      expect(page.text).toContain(BOS_VERSIONS.bos3);
      expect(page.text).toContain('data-testid="bos-store">42<');
      expect(page.text).toContain('data-testid="bos-user">100<');
      await request(app).get(BOS_APP.path(1)).query({ token: 'bad', store: 1 }).expect(401);
      await request(app).get(BOS_APP.path(2)).query({ store: 1 }).expect(401);
      // Markup in the address is shown as text.
      const escaped = await request(app)
        .get(BOS_APP.path(1))
        .query({ token: 'good', store: '<b>x</b>' })
        .expect(200);
      expect(escaped.text).not.toContain('<b>x</b>');
    } finally {
      cloud.close();
    }
  });
});
