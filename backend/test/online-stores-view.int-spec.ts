import { STORE_STATUS, TENTACLE } from '@store-cloud/contracts';
import Redis from 'ioredis';
import type { Socket } from 'socket.io-client';
import { ConfigService } from '../src/config/config.service';
import {
  OnlineStoresView,
  onlineViewConnectionName,
} from '../src/modules/tentacles/online-stores.view';
import { StorePingListRepository } from '../src/modules/tentacles/store-ping-list.repository';
import { TentaclesService } from '../src/modules/tentacles/tentacles.service';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { forgetRedisKeys } from './redis-keys';
import { connected, openTentacle } from './sockets';
import { allStoresStatus, storeStatus } from './store-status';

const COMPANY = 101;
const STORE = 1;

/**
 * Two backend nodes answer the store status from their own view of the online list (issue 15):
 * a store that connects to node B shows on node A, which learns it from B's published change,
 * not by reading the list per request; after a Redis flush the view heals when its subscriber
 * connects again.
 */
describe('the online view of two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let store: Socket | undefined;

  beforeAll(async () => {
    a = await createTestApp('online_view');
    b = await createTestApp('online_view');
    admin = await a.login(TEST_ADMIN);
  });
  afterEach(() => store?.disconnect());
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  const onA = async () =>
    (await allStoresStatus(a.baseUrl, admin)).find(
      (s) => s.companyId === COMPANY && s.storeId === STORE,
    );
  const storeOnB = async (tentacleVersion: string) => {
    store = openTentacle(b.baseUrl, { company: COMPANY, store: STORE, tentacleVersion });
    await connected(store);
    return store;
  };

  /** Drops the subscriber connections of both nodes' views; ioredis connects them again. */
  async function reconnectViews() {
    const redis = new Redis(a.config.redisUrl);
    try {
      const name = onlineViewConnectionName(a.app.get(ConfigService));
      const clients = ((await redis.client('LIST')) as string)
        .split('\n')
        .filter((line) => line.includes(` name=${name} `));
      expect(clients.length).toBe(2);
      for (const line of clients) await redis.client('KILL', 'ID', /\bid=(\d+)/.exec(line)![1]!);
    } finally {
      redis.disconnect();
    }
  }

  it('shows on node A a store that connects to node B, with its version, and its leaving', async () => {
    expect((await onA())?.status).toBe(STORE_STATUS.offline);
    const socket = await storeOnB('3.1.0');
    expect(await eventually(onA, (s) => s?.status === STORE_STATUS.online)).toEqual({
      companyId: COMPANY,
      storeId: STORE,
      status: STORE_STATUS.online,
      tentacleVersion: '3.1.0',
    });

    await socket.emitWithAck(TENTACLE.pingEvent, { tentacleVersion: '3.2.0' });
    await eventually(onA, (s) => s?.tentacleVersion === '3.2.0');

    socket.disconnect();
    await eventually(onA, (s) => s?.status === STORE_STATUS.offline);
    expect((await storeStatus(a.baseUrl, COMPANY, STORE)).status).toBe(STORE_STATUS.offline);
  });

  it('keeps a change that arrives while it reads the whole list', async () => {
    const socket = await storeOnB('4.0.0');
    await eventually(onA, (s) => s?.tentacleVersion === '4.0.0');
    // Node A reads the list; before the read answers, the store pings node B with a new version,
    // whose note reaches node A during the read.
    const list = a.app.get(StorePingListRepository);
    const read = list.versions.bind(list);
    jest.spyOn(list, 'versions').mockImplementationOnce(async () => {
      const before = await read();
      await socket.emitWithAck(TENTACLE.pingEvent, { tentacleVersion: '4.1.0' });
      await eventually(
        async () => (await b.app.get(TentaclesService).statusOf(COMPANY, STORE)).tentacleVersion,
        (v) => v === '4.1.0',
      );
      await new Promise((r) => setTimeout(r, 200));
      return before;
    });
    await a.app.get(OnlineStoresView).read();
    expect(await onA()).toMatchObject({ status: STORE_STATUS.online, tentacleVersion: '4.1.0' });
  });

  it('answers from its view after a Redis flush, and heals when its subscriber connects again', async () => {
    const socket = await storeOnB('3.3.0');
    await eventually(onA, (s) => s?.status === STORE_STATUS.online);
    // The list is gone from Redis, and no change was published: node A still answers from its
    // view, so it read no list for this request.
    expect(await forgetRedisKeys(a.config.redisUrl, a.config.redisPrefix)).toBeGreaterThan(0);
    expect((await onA())?.status).toBe(STORE_STATUS.online);

    await reconnectViews();
    await eventually(onA, (s) => s?.status === STORE_STATUS.offline);

    // The store's next ping puts it back on the list, and in both views.
    await socket.emitWithAck(TENTACLE.pingEvent, { tentacleVersion: '3.3.0' });
    await eventually(onA, (s) => s?.status === STORE_STATUS.online);
    expect(
      (await allStoresStatus(b.baseUrl, admin)).find(
        (s) => s.companyId === COMPANY && s.storeId === STORE,
      )?.status,
    ).toBe(STORE_STATUS.online);
  });
});
