import { COMPANY_API, STORE_STATUS, TENTACLE } from '@store-cloud/contracts';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { PingCheckService } from '../src/modules/tentacles/ping-check.service';
import { StorePingListRepository } from '../src/modules/tentacles/store-ping-list.repository';
import { TentaclesService } from '../src/modules/tentacles/tentacles.service';
import { deriveTentacleSecret } from '../src/modules/tentacles/tentacle-secret';
import { createTestApp, TEST_ADMIN, TEST_TENTACLE_SECRET, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connected, openTentacle } from './sockets';
import { allStoresStatus, storeStatus as storeStatusOf } from './store-status';

describe('tentacle sockets and store status', () => {
  let t: TestApp;
  let token: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Short checks so missed pings add up quickly.
    t = await createTestApp('tentacles', {
      config: { tentacleCheckIntervalMs: 200, tentacleMaxMissedPings: 2 },
    });
    token = await t.login(TEST_ADMIN);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  function connectStore(company: number, store: number, secret?: string): Socket {
    const socket = openTentacle(t.baseUrl, { company, store, secret, tentacleVersion: '9.9.1' });
    sockets.push(socket);
    return socket;
  }

  const storeStatus = (c: number, s: number) => storeStatusOf(t.baseUrl, c, s);
  const allStatus = () => allStoresStatus(t.baseUrl, token);

  it('shows a demo store offline before its tentacle connects', async () => {
    expect(await storeStatus(202, 2)).toEqual({ companyId: 202, storeId: 2, status: 0 });
    const all = await allStatus();
    expect(all.find((s) => s.companyId === 202 && s.storeId === 2)?.status).toBe(0);
    // The seed connects the whole demo fleet: every store is listed.
    expect(all.length).toBe(7);
  });

  it('a store with its secret comes online with its version; pings keep it online', async () => {
    const socket = connectStore(101, 1);
    await connected(socket);
    const status = await eventually(
      () => storeStatus(101, 1),
      (s) => s.status === 1,
    );
    expect(status.tentacleVersion).toBe('9.9.1');
    const ack = await socket.emitWithAck(TENTACLE.pingEvent, { tentacleVersion: '9.9.2' });
    expect(ack).toEqual({ ok: true });
    const all = await allStatus();
    expect(all.find((s) => s.companyId === 101 && s.storeId === 1)).toEqual({
      companyId: 101,
      storeId: 1,
      status: STORE_STATUS.online,
      tentacleVersion: '9.9.2',
    });

    // A store that pings between checks never misses one.
    const checker = t.app.get(PingCheckService);
    for (let i = 0; i < 3; i++) {
      await socket.emitWithAck(TENTACLE.pingEvent, { tentacleVersion: '9.9.2' });
      expect(await checker.checkOnce()).toBe(0);
    }
    const entry = (await t.app.get(TentaclesService).list()).find(
      (e) => e.enterprise.company === 101 && e.enterprise.store === 1,
    );
    expect(entry).toMatchObject({ noPingCounter: 0, tentacleVersion: '9.9.2' });
  });

  it('records pings that arrive together, each store with its own and newest version', async () => {
    // Stores of a company the demo fleet does not have: they need no master data to be online.
    const stores = [1, 2, 3, 4, 5, 6, 7, 8].map((store) => connectStore(91001, store));
    await Promise.all(stores.map(connected));
    // Sent at once, so they fall into one write; store 1 sends twice, the newer version last.
    const acks = await Promise.all([
      ...stores.map((socket, i) =>
        socket.emitWithAck(TENTACLE.pingEvent, { tentacleVersion: `7.0.${i + 1}` }),
      ),
      stores[0]!.emitWithAck(TENTACLE.pingEvent, { tentacleVersion: '7.1.0' }),
      stores[1]!.emitWithAck(TENTACLE.pingEvent, { tentacleVersion: 42 }),
    ]);
    expect(acks).toEqual([...stores.map(() => ({ ok: true })), { ok: true }, { ok: false }]);
    const listed = new Map(
      (await t.app.get(TentaclesService).list())
        .filter((e) => e.enterprise.company === 91001)
        .map((e) => [e.enterprise.store, e.tentacleVersion]),
    );
    expect(Object.fromEntries(listed)).toEqual({
      1: '7.1.0',
      2: '7.0.2',
      3: '7.0.3',
      4: '7.0.4',
      5: '7.0.5',
      6: '7.0.6',
      7: '7.0.7',
      8: '7.0.8',
    });
    expect(await storeStatus(91001, 5)).toMatchObject({ status: 1, tentacleVersion: '7.0.5' });
  });

  it('refuses a wrong secret and a malformed handshake', async () => {
    const wrong = connectStore(101, 2, deriveTentacleSecret(TEST_TENTACLE_SECRET, 101, 3));
    await expect(connected(wrong)).rejects.toThrow('tentacle authentication failed');
    const malformed = connectStore(101, 2, 'nope');
    await expect(connected(malformed)).rejects.toThrow('tentacle authentication failed');
    expect((await storeStatus(101, 2)).status).toBe(0);
  });

  it('a store that stops pinging is counted as missing pings, then dropped', async () => {
    // Connected but silent, as a store whose network died without closing the socket.
    const socket = connectStore(202, 1);
    await connected(socket);
    await eventually(
      () => storeStatus(202, 1),
      (s) => s.status === 1,
    );
    const service = t.app.get(TentaclesService);
    // The counter rises before the store is dropped.
    await eventually(
      async () => (await service.list()).find((e) => e.enterprise.company === 202),
      (e) => (e?.noPingCounter ?? 0) >= 1,
    );
    await eventually(
      () => storeStatus(202, 1),
      (s) => s.status === 0,
    );
    expect((await allStatus()).find((s) => s.companyId === 202 && s.storeId === 1)?.status).toBe(0);
  });

  it('answers /storestatus without a token but validates its query', async () => {
    await request(t.baseUrl).get(COMPANY_API.storeStatus).query({ c: 'x', s: 1 }).expect(400);
    await request(t.baseUrl).get(COMPANY_API.allStoresStatus).expect(401);
  });

  // Last: a second app in this process takes over the process-wide passport strategy.
  it('a store that closes its socket is offline at once, not after missed pings', async () => {
    const slow = await createTestApp('tentacles-close', {
      // Checks far apart: only the closed socket can make the store offline within the test.
      config: { tentacleCheckIntervalMs: 600_000, tentacleMaxMissedPings: 3 },
    });
    try {
      const open = (store: number) =>
        openTentacle(slow.baseUrl, { company: 303, store, tentacleVersion: '9.9.1' });
      const status = async () => (await storeStatusOf(slow.baseUrl, 303, 1)).status;
      const first = open(1);
      sockets.push(first);
      await connected(first);
      await eventually(status, (s) => s === STORE_STATUS.online);

      // A second socket of the same store (a reconnect racing the old one) keeps it online.
      const second = open(1);
      sockets.push(second);
      await connected(second);
      first.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await status()).toBe(STORE_STATUS.online);

      second.disconnect();
      await eventually(status, (s) => s === STORE_STATUS.offline);

      // A last ping still waiting for its batch when the socket closes does not bring it back.
      const pings = slow.app.get(StorePingListRepository);
      const last = open(2);
      sockets.push(last);
      await connected(last);
      await eventually(
        () => pings.get(303, 2),
        (entry) => entry !== undefined,
      );
      const lastPing = pings.recordPing(303, 2, '9.9.2', new Date());
      last.disconnect();
      await eventually(
        () => pings.get(303, 2),
        (entry) => entry === undefined,
      );
      await lastPing;
      expect(await pings.get(303, 2)).toBeUndefined();
    } finally {
      await slow.close();
    }
  });
});
