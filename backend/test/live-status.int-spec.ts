import { API, LIVE_STATUS, loginResultSchema, TENTACLE } from '@store-cloud/contracts';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { deriveTentacleSecret } from '../src/modules/tentacles/tentacle-secret';
import { createTestApp, TEST_ADMIN, TEST_TENTACLE_SECRET, type TestApp } from './create-app';

describe('live status pushes (/live)', () => {
  let t: TestApp;
  let token: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp('live-status');
    const res = await request(t.baseUrl).post(API.login).send(TEST_ADMIN).expect(200);
    token = loginResultSchema.parse(res.body).token!;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  const open = (namespace: string, auth: object) => {
    const socket = io(`${t.baseUrl}${namespace}`, {
      auth,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const nextPush = (socket: Socket) =>
    new Promise<void>((resolve) => socket.once(LIVE_STATUS.changedEvent, () => resolve()));
  const store = (company: number, storeId: number) =>
    open(TENTACLE.namespace, {
      company,
      store: storeId,
      secret: deriveTentacleSecret(TEST_TENTACLE_SECRET, company, storeId),
      tentacleVersion: '1.0.0',
    });

  it('refuses a listener without a valid access token', async () => {
    await expect(connected(open(LIVE_STATUS.namespace, {}))).rejects.toThrow(
      'access token required',
    );
    await expect(connected(open(LIVE_STATUS.namespace, { token: 'not-a-jwt' }))).rejects.toThrow(
      'access token refused',
    );
  });

  it('tells a signed-in portal when a store comes online and when it goes away', async () => {
    const portal = open(LIVE_STATUS.namespace, { token });
    await connected(portal);

    const online = nextPush(portal);
    const tentacle = store(101, 3);
    await connected(tentacle);
    await online;

    const offline = nextPush(portal);
    tentacle.disconnect();
    await offline;
  });
});
