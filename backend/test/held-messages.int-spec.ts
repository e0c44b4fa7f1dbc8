import {
  ACCESS_TOKEN_HEADER,
  buildSiteMessage,
  MESSAGE_TYPE,
  MESSAGING_API,
  messageQueueSchema,
  messengerQuery,
  OUTBOX_STATE,
  relayQueuedSchema,
  SIMULATOR_API,
  SITE_API,
  SITE_TOKEN_HEADER,
  simulatedMessagesSchema,
  STORE_STATUS,
} from '@store-cloud/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { RedisService } from '../src/modules/redis/redis.service';
import { HeldMessagesSweepService } from '../src/modules/sites/held-messages-sweep.service';
import { deliveryLockKey } from '../src/modules/sites/message-queue.service';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { type ChildServer, startFleetFor, withOutputOf } from './processes';
import { forgetRedisKeys } from './redis-keys';
import { connectAndLogin } from './site-connection';
import { storeStatus } from './store-status';

const COMPANY = 101;

/** A message for the store's messenger, as the Message screen builds it. */
function messageFor(store: number, content: string) {
  return buildSiteMessage({
    type: MESSAGE_TYPE.message,
    content,
    destinations: ['POS'],
    sites: [{ companyId: COMPANY, storeId: store }],
  });
}

/**
 * Calls held for an offline store live in the MongoDB outbox: a Redis that forgets everything
 * does not lose them. Real backend, real FerretDB and Redis, the real router simulator.
 */
describe('held messages survive a Redis that forgot everything', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('held_messages', {
      config: { tentacleCheckIntervalMs: 200, tentacleMaxMissedPings: 2 },
    });
    admin = await t.login(TEST_ADMIN);
    simulator = await startFleetFor(t.baseUrl, [
      [COMPANY, 1],
      [COMPANY, 2],
    ]);
  });
  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  const control = async (route: string) => {
    const res = await fetch(`${simulator.url}${route}`, { method: 'POST' });
    expect(res.status).toBe(200);
  };
  const receivedBy = async (store: number) =>
    simulatedMessagesSchema.parse(
      await (await fetch(`${simulator.url}${SIMULATOR_API.storeMessages(COMPANY, store)}`)).json(),
    );
  const statusOf = async (store: number) => (await storeStatus(t.baseUrl, COMPANY, store)).status;
  const queue = async () =>
    messageQueueSchema.parse(
      (await request(t.baseUrl).get(SITE_API.messageQueue).set(ACCESS_TOKEN_HEADER, admin)).body,
    );
  const outbox = () =>
    t.app.get<Connection>(getConnectionToken()).collection('siteoutbox').find().toArray();

  /** A message with this content, or (an object) a body the store's messenger refuses. */
  const broadcast = (siteToken: string, store: number, content: string | object) =>
    request(t.baseUrl)
      .post(MESSAGING_API.broadcastMessage)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query(messengerQuery(COMPANY, store))
      .send(typeof content === 'string' ? messageFor(store, content) : content);

  /** Connects and logs in to the store, takes it offline, and posts `texts` (each held: 202). */
  async function holdFor(store: number, texts: Array<string | object>) {
    await withOutputOf(
      simulator,
      eventually(
        () => statusOf(store),
        (s) => s === STORE_STATUS.online,
      ),
    );
    const siteToken = await connectAndLogin(t.baseUrl, admin, { company: COMPANY, store });
    await control(SIMULATOR_API.storeOffline(COMPANY, store));
    await eventually(
      () => statusOf(store),
      (s) => s === STORE_STATUS.offline,
    );
    const items = [];
    for (const text of texts) {
      const res = await broadcast(siteToken, store, text).expect(202);
      items.push(relayQueuedSchema.parse(res.body).item);
    }
    return items;
  }

  it('delivers every held message in order when the store returns after a Redis flush', async () => {
    const texts = ['first held', 'second held', 'third held'];
    const items = await holdFor(1, texts);
    const listed = await queue();
    expect(listed.filter((q) => items.some((i) => i.id === q.id))).toEqual(items);
    expect(items[0]!.url).toBe('/api/v1/broadcastMessage');

    expect(await forgetRedisKeys(t.config.redisUrl, t.config.redisPrefix)).toBeGreaterThan(0);
    // Still listed: the queue is read from the database.
    expect((await queue()).map((q) => q.id)).toEqual(items.map((i) => i.id));

    await control(SIMULATOR_API.storeOnline(COMPANY, 1));
    const received = await eventually(
      () => receivedBy(1),
      (list) => list.filter((m) => m.path === '/broadcastMessage').length >= texts.length,
    );
    expect(
      received
        .filter((m) => m.path === '/broadcastMessage')
        .map((m) => (m.body as { payload: { content: string } }).payload.content),
    ).toEqual(texts);
    // The last outcome is recorded just after the store's answer.
    await eventually(queue, (list) => list.length === 0);
    const records = await outbox();
    expect(records.map((r) => [r.state, r.attempts, r.replyStatus])).toEqual(
      texts.map(() => [OUTBOX_STATE.delivered, 1, 200]),
    );
    expect(records.every((r) => r.deliveredAt instanceof Date)).toBe(true);
    expect(records.map((r) => r.user)).toEqual(texts.map(() => TEST_ADMIN.username));
  });

  it('sends nothing while another node is sending the store its held messages, then sends each once', async () => {
    const items = await holdFor(2, ['held while another node sends']);
    // As if another node were delivering this store's messages (its lock, kept for a minute).
    const redis = t.app.get(RedisService).client;
    await redis.set(deliveryLockKey(COMPANY, 2), 'another-node', 'PX', 60_000);
    await control(SIMULATOR_API.storeOnline(COMPANY, 2));
    // Back (connected: the portal's connection from holdFor is still open).
    await eventually(
      () => statusOf(2),
      (s) => s !== STORE_STATUS.offline,
    );
    // The store's connect (its batch goes within 150 ms) and a sweep both find the store taken.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sweep = t.app.get(HeldMessagesSweepService);
    expect(await sweep.sweep()).toBe(0);
    expect((await receivedBy(2)).filter((m) => m.path === '/broadcastMessage')).toEqual([]);
    expect((await queue()).map((q) => q.id)).toEqual(items.map((i) => i.id));

    // That node is done (its lock gone): the next sweep sends the message, once.
    await redis.del(deliveryLockKey(COMPANY, 2));
    await sweep.sweep();
    await eventually(queue, (list) => list.length === 0);
    expect(await sweep.sweep()).toBe(0);
    const received = (await receivedBy(2)).filter((m) => m.path === '/broadcastMessage');
    expect(
      received.map((m) => (m.body as { payload: { content: string } }).payload.content),
    ).toEqual(['held while another node sends']);
    // The store as the next test expects it: online, with no portal connection.
    await request(t.baseUrl)
      .post(SITE_API.closeSiteConnection)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({ company: COMPANY, store: 2 })
      .expect(200);
  });

  it('clears the held messages with DELETE /portal/messagequeue: nothing reaches the store', async () => {
    const before = (await receivedBy(2)).length;
    await holdFor(2, ['never sent']);
    expect(await queue()).toHaveLength(1);
    await request(t.baseUrl)
      .delete(SITE_API.messageQueue)
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200, { success: true });
    expect(await queue()).toEqual([]);
    await control(SIMULATOR_API.storeOnline(COMPANY, 2));
    // Connected: the portal connection made before it went offline is still open.
    await eventually(
      () => statusOf(2),
      (s) => s === STORE_STATUS.connected,
    );
    // A relayed call made now reaches the store; the cleared one before it never does.
    const siteToken = await connectAndLogin(t.baseUrl, admin, { company: COMPANY, store: 2 });
    await broadcast(siteToken, 2, 'sent now').expect(200);
    const after = (await receivedBy(2)).slice(before);
    expect(after.map((m) => (m.body as { payload: { content: string } }).payload.content)).toEqual([
      'sent now',
    ]);
  });

  it('records a message the store refuses as failed, and still delivers the one behind it', async () => {
    const [refused, accepted] = await holdFor(3, [{ not: 'a message' }, 'after the refused one']);
    await control(SIMULATOR_API.storeOnline(COMPANY, 3));
    await eventually(
      () => receivedBy(3),
      (list) =>
        list.some(
          (m) =>
            (m.body as { payload?: { content?: string } }).payload?.content ===
            'after the refused one',
        ),
    );
    const entries = await eventually(
      async () => {
        const records = await outbox();
        return [refused!.id, accepted!.id].map((id) => records.find((r) => String(r._id) === id));
      },
      // Recorded after the store's answer: wait until neither is held nor delivering.
      (list) =>
        list.every((r) => r?.state === OUTBOX_STATE.delivered || r?.state === OUTBOX_STATE.failed),
    );
    expect(entries.map((r) => [r?.state, r?.replyStatus, r?.lastError])).toEqual([
      [OUTBOX_STATE.failed, 400, 'The store answered 400'],
      [OUTBOX_STATE.delivered, 200, undefined],
    ]);
    expect((await queue()).map((q) => q.id)).not.toContain(refused!.id);
  });
});
