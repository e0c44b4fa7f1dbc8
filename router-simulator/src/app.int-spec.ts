import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  DEMO_FLEET,
  ERROR_CODE,
  errorBodySchema,
  healthSchema,
  REQUEST_PATH_TEXT,
  serviceVersionSchema,
  SIMULATOR_API,
  simulatedFleetSchema,
  simulatedStoreStateSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createApp } from './app';
import { createLogger } from '@store-cloud/node-kit';
import { FleetState } from './fleet/fleet-state';

const packageVersion: string = JSON.parse(
  readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'),
).version;

describe('router simulator control API', () => {
  const newApp = () =>
    createApp(new FleetState(DEMO_FLEET), createLogger('silent', 'router-simulator'));

  it('GET /version answers the package version', async () => {
    const response = await request(newApp()).get(SIMULATOR_API.version).expect(200);
    expect(serviceVersionSchema.parse(response.body)).toEqual({ version: packageVersion });
  });

  it('GET /health, /health/live and /health/ready answer ok', async () => {
    for (const path of [
      SIMULATOR_API.health,
      SIMULATOR_API.healthLive,
      SIMULATOR_API.healthReady,
    ]) {
      const response = await request(newApp()).get(path).expect(200);
      expect(healthSchema.parse(response.body)).toEqual({ status: 'ok', checks: { fleet: 'up' } });
    }
  });

  it('GET /fleet lists every company and store with versions, online, and no passwords', async () => {
    const response = await request(newApp()).get(SIMULATOR_API.fleet).expect(200);
    const fleet = simulatedFleetSchema.parse(response.body);
    expect(fleet.companies.map((c) => [c.companyId, c.companyName, c.stores.length])).toEqual(
      DEMO_FLEET.companies.map((c) => [c.companyId, c.companyName, c.stores.length]),
    );
    expect(fleet.companies[0].stores[0]).toEqual({
      storeId: 1,
      storeName: DEMO_FLEET.companies[0].stores[0].storeName,
      isActive: true,
      versions: DEMO_FLEET.companies[0].stores[0].versions,
      poleSignBrand: DEMO_FLEET.companies[0].stores[0].poleSignBrand,
      workstations: DEMO_FLEET.companies[0].stores[0].workstations,
      online: true,
    });
    expect(response.text).not.toContain('siteCredentials');
    expect(response.text).not.toContain('password');
  });

  it('takes a store offline and back online, as GET /fleet then shows', async () => {
    const app = newApp();
    const offline = await request(app).post(SIMULATOR_API.storeOffline(202, 2)).expect(200);
    expect(simulatedStoreStateSchema.parse(offline.body)).toEqual({
      companyId: 202,
      storeId: 2,
      online: false,
    });
    const onlineFlags = async () =>
      simulatedFleetSchema
        .parse((await request(app).get(SIMULATOR_API.fleet).expect(200)).body)
        .companies.flatMap((c) => c.stores.map((s) => `${c.companyId}/${s.storeId}:${s.online}`));
    expect(await onlineFlags()).toContain('202/2:false');
    expect((await onlineFlags()).filter((flag) => flag.endsWith(':false'))).toEqual([
      '202/2:false',
    ]);

    const online = await request(app).post(SIMULATOR_API.storeOnline(202, 2)).expect(200);
    expect(online.body).toEqual({ companyId: 202, storeId: 2, online: true });
    expect((await onlineFlags()).every((flag) => flag.endsWith(':true'))).toBe(true);
  });

  it('answers 404 for a store outside the fleet', async () => {
    const response = await request(newApp()).post(SIMULATOR_API.storeOffline(101, 99)).expect(404);
    expect(errorBodySchema.parse(response.body).code).toBe(ERROR_CODE.notFound);
  });

  it('answers 400 with issues for ids that are not numbers', async () => {
    const response = await request(newApp()).post(SIMULATOR_API.storeOffline('abc', 1)).expect(400);
    const body = errorBodySchema.parse(response.body);
    expect(body.code).toBe(ERROR_CODE.validation);
    expect(body.issues).toEqual([{ path: 'companyId', message: 'must be a whole number' }]);
  });

  it('answers an unknown path with a 404 error body', async () => {
    const response = await request(newApp()).get('/no/such/thing').expect(404);
    expect(errorBodySchema.parse(response.body).code).toBe(ERROR_CODE.notFound);
  });
});

describe('router simulator: a path that does not decode', () => {
  it('answers 400 JSON on every part (control, site API, back office), no stack or file path', async () => {
    const app = createApp(new FleetState(DEMO_FLEET), createLogger('silent', 'router-simulator'));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // Raw, as a client may send it: supertest and fetch would encode or normalise the path.
    const get = (rawPath: string) =>
      new Promise<{ status: number; type?: string; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                type: res.headers['content-type'],
                body: String(Buffer.concat(chunks)),
              }),
            );
          })
          .on('error', reject);
      });
    try {
      for (const p of [
        '/%c0%ae%c0%ae/x',
        '/%',
        '/%ZZ',
        '/bos1%ff?c=101&s=1',
        `${SIMULATOR_API.fleet}/%ff`,
        '/api/v1/broadcastMessage/%c0%ae',
      ]) {
        const answer = await get(p);
        expect([p, answer.status]).toEqual([p, 400]);
        expect(answer.type).toMatch(/^application\/json/);
        expect(answer.body).not.toMatch(/ at |\/work|node_modules|URIError/);
        expect(errorBodySchema.strict().parse(JSON.parse(answer.body))).toEqual({
          requestId: expect.any(String),
          code: ERROR_CODE.validation,
          message: REQUEST_PATH_TEXT.malformed,
        });
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
