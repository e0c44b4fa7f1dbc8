import { LIVE_STATUS, type LiveStoreDelta, liveStoreDeltasSchema } from '@store-cloud/contracts';
import type { Socket } from 'socket.io-client';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { connected, openSocket, openTentacle } from './sockets';

describe('live status pushes (/live)', () => {
  let t: TestApp;
  let token: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp('live-status');
    token = await t.login(TEST_ADMIN);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  const kept = (socket: Socket) => {
    sockets.push(socket);
    return socket;
  };
  const open = (namespace: string, auth: object) =>
    kept(openSocket(`${t.baseUrl}${namespace}`, auth));
  const nextPush = (socket: Socket) =>
    new Promise<void>((resolve) => socket.once(LIVE_STATUS.changedEvent, () => resolve()));
  const store = (company: number, storeId: number) =>
    kept(openTentacle(t.baseUrl, { company, store: storeId, tentacleVersion: '1.0.0' }));

  it('accepts the websocket transport only: a long-polling handshake is refused', async () => {
    // Polling would need sticky sessions across API nodes (nginx balances round robin).
    const polling = await fetch(`${t.baseUrl}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
    expect(await polling.json()).toMatchObject({ message: 'Transport unknown' });
    await connected(open(LIVE_STATUS.namespace, { token }));
  });

  it('refuses a listener without a valid access token', async () => {
    await expect(connected(open(LIVE_STATUS.namespace, {}))).rejects.toThrow(
      'access token required',
    );
    await expect(connected(open(LIVE_STATUS.namespace, { token: 'not-a-jwt' }))).rejects.toThrow(
      'access token refused',
    );
  });

  // Issue 30: a store's change arrives as a delta, not as "look again" over the whole fleet.
  it('pushes a store coming online and going offline as deltas to an all-companies user', async () => {
    const portal = open(LIVE_STATUS.namespace, { token });
    await connected(portal);
    const deltas: LiveStoreDelta[] = [];
    portal.on(LIVE_STATUS.storesChangedEvent, (batch: unknown) =>
      deltas.push(...liveStoreDeltasSchema.parse(batch)),
    );
    const delta = (online: boolean) =>
      new Promise<LiveStoreDelta>((resolve) => {
        const look = () => {
          const found = deltas.find((d) => d.storeId === 3 && d.online === online);
          if (found) return resolve(found);
          portal.once(LIVE_STATUS.storesChangedEvent, () => setImmediate(look));
        };
        look();
      });

    const tentacle = store(101, 3);
    await connected(tentacle);
    expect(await delta(true)).toMatchObject({
      companyId: 101,
      storeId: 3,
      online: true,
      tentacleVersion: '1.0.0',
    });
    tentacle.disconnect();
    expect(await delta(false)).toEqual({ companyId: 101, storeId: 3, online: false });
  });

  it('only tells a user without access to all companies to look again, with no store in it', async () => {
    const restricted = { username: 'live-restricted@example.com', password: 'Restricted-pass-1' };
    await t.createUser(restricted);
    const portal = open(LIVE_STATUS.namespace, { token: await t.login(restricted) });
    await connected(portal);
    let deltas = 0;
    portal.on(LIVE_STATUS.storesChangedEvent, () => (deltas += 1));

    const online = nextPush(portal);
    const tentacle = store(101, 4);
    await connected(tentacle);
    await online;
    const offline = nextPush(portal);
    tentacle.disconnect();
    await offline;
    expect(deltas).toBe(0);
  });
});
