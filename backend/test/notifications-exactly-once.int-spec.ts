import { getConnectionToken } from '@nestjs/mongoose';
import { ACCESS_TOKEN_HEADER, WEBHOOK_API, webhookCreatedSchema } from '@store-cloud/contracts';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type AppConfig } from '../src/config/env.schema';
import { type NotificationRequest, NotificationsService } from '../src/modules/notifications';
import { NotificationsRepository } from '../src/modules/notifications/notifications.repository';
import {
  createTestApp,
  TEST_ADMIN,
  TEST_JWT_SECRET,
  TEST_SITE_CREDENTIALS_KEY,
  TEST_TENTACLE_SECRET,
  type TestApp,
} from './create-app';
import { eventually } from './eventually';
import { startReceiver } from './notification-receiver';
import { type BackendProcess, startWorker, withOutputOf } from './processes';
import { forgetRedisKeys } from './redis-keys';

const NAME = 'notifications_once';
const COMPANY = 101;
// Long enough for a send and its mark on a loaded machine; short enough for the crash tests to wait out.
const LEASE_MS = 4_000;

const notifications = (overrides: Partial<AppConfig['notifications']> = {}) => ({
  smtpUrl: undefined,
  from: 'alerts@storecloud.test',
  portalUrl: 'https://portal.example.test',
  webhookAllowPrivate: true,
  intervalMs: 50,
  leaseMs: LEASE_MS,
  retryBaseMs: 200,
  ...overrides,
});

/**
 * Sent once per key and recipient across any number of senders (issue 26 item 4): two senders
 * on one database, a worker killed with SIGKILL between its POST and its mark, a Redis flush.
 */
describe('notifications: exactly once across senders and crashes', () => {
  let a: TestApp;
  let b: TestApp;
  let db: Connection;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let hookId: string;
  const workers: BackendProcess[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    // Two in-process senders (role all) on one database and Redis prefix.
    a = await createTestApp(NAME, { config: { notifications: notifications() } });
    b = await createTestApp(NAME, { seed: false, config: { notifications: notifications() } });
    db = a.app.get<Connection>(getConnectionToken());
    const admin = await a.login(TEST_ADMIN);
    hookId = webhookCreatedSchema.parse(
      (
        await request(a.baseUrl)
          .post(WEBHOOK_API.webhooks)
          .set(ACCESS_TOKEN_HEADER, admin)
          .send({ companyId: COMPANY, name: 'Receiver', url: receiver.url })
          .expect(201)
      ).body,
    ).id;
  }, 60_000);
  let bOpen = true;
  afterAll(async () => {
    for (const w of workers) await w.stop();
    if (bOpen) await b?.app.close();
    await a?.close();
    await receiver?.close();
    await forgetRedisKeys(a.config.redisUrl, a.config.redisPrefix);
  });

  const notice = (key: string): NotificationRequest => ({
    key,
    companyId: COMPANY,
    storeId: 1,
    event: 'incident.opened',
    kind: 'store-offline',
    subject: `Offline ${key}`,
    text: 'Offline',
    portalPath: '/status',
    data: {},
    emails: [],
    webhookIds: [hookId],
  });
  const byKey = (key: string) => receiver.received.filter((r) => r.json.key === key);
  const stored = (key: string) => db.collection('notifications').findOne({ key });

  it('lets exactly one of two senders claim an attempt', async () => {
    // Due only in an hour, so the running senders leave it to this race.
    const later = new Date(Date.now() + 3_600_000);
    await a.app.get(NotificationsRepository).addOnce({
      key: 'race:0',
      recipient: `webhook:${hookId}`,
      channel: 'webhook',
      target: hookId,
      deliveryId: randomUUID(),
      companyId: COMPANY,
      event: 'test',
      kind: 'test',
      subject: 'Race',
      text: 'Race',
      portalPath: '/',
      data: '{}',
      state: 'pending',
      nextAttemptAt: later,
    });
    const record = (await a.app.get(NotificationsRepository).due(later, 1000)).find(
      (n) => n.key === 'race:0',
    )!;
    // Both nodes read it as it was queued and claim it at the same moment, several times over.
    const until = new Date(Date.now() + 3_600_000);
    const claims = await Promise.all(
      [a, b, a, b].map((t) => t.app.get(NotificationsRepository).claim(record, new Date(), until)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await stored('race:0')).toMatchObject({ state: 'sending', attempts: 1 });
  });

  it('sends each of many notifications once while two senders run', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `many:${i}`);
    // Enqueued through both nodes, each twice (as after a crash): one send per key.
    await Promise.all(
      keys.flatMap((key) => [
        a.app.get(NotificationsService).enqueue(notice(key)),
        b.app.get(NotificationsService).enqueue(notice(key)),
      ]),
    );
    await eventually(
      () => db.collection('notifications').countDocuments({ key: /^many:/, state: 'sent' }),
      (n) => n === keys.length,
    );
    for (const key of keys) expect([key, byKey(key).length]).toEqual([key, 1]);
    const attempts = await db
      .collection('notifications')
      .find({ key: /^many:/ })
      .project<{ attempts: number }>({ attempts: 1 })
      .toArray();
    expect(attempts.every((n) => n.attempts === 1)).toBe(true);
  });

  describe('with the worker process', () => {
    const startSender = async () => {
      const worker = startWorker({
        MONGODB_URI: a.config.mongoUri,
        REDIS_URL: a.config.redisUrl,
        REDIS_PREFIX: a.config.redisPrefix,
        JWT_SECRET: TEST_JWT_SECRET,
        TENTACLE_SECRET: TEST_TENTACLE_SECRET,
        SITE_CREDENTIALS_KEY: TEST_SITE_CREDENTIALS_KEY,
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        NOTIFICATIONS_INTERVAL_MS: '50',
        NOTIFICATIONS_LEASE_MS: String(LEASE_MS),
        // Long enough for the Redis flush to fall between a failed attempt and its retry.
        NOTIFICATIONS_RETRY_BASE_MS: '1000',
        LOG_LEVEL: 'info',
      });
      workers.push(worker);
      await withOutputOf(worker, worker.ready);
      return worker;
    };

    beforeAll(async () => {
      // From here on only worker processes send: the in-process senders stop.
      bOpen = false;
      await b.app.close();
      await a.app.close();
      a = await createTestApp(NAME, {
        seed: false,
        config: { role: 'api', notifications: notifications() },
      });
      db = a.app.get<Connection>(getConnectionToken());
    }, 60_000);

    it('sends again, with the same delivery id, after a worker killed between its POST and its mark', async () => {
      const first = await startSender();
      receiver.hold(true);
      await a.app.get(NotificationsService).enqueue(notice('crash:1'));
      const [held] = await eventually(
        async () => byKey('crash:1'),
        (r) => r.length === 1,
      );
      // The POST reached the receiver; the worker dies before it hears the answer and marks it.
      await first.kill();
      receiver.hold(false);
      expect(await stored('crash:1')).toMatchObject({ state: 'sending', attempts: 1 });
      await startSender();
      const doc = await eventually(
        () => stored('crash:1'),
        (d) => d?.state === 'sent',
      );
      expect(doc).toMatchObject({ state: 'sent', attempts: 2 });
      // The one resend the window allows carries the same delivery id: the receiver drops it.
      const got = byKey('crash:1');
      expect(got).toHaveLength(2);
      expect(got.map((r) => r.delivery)).toEqual([held!.delivery, held!.delivery]);
      expect(held!.delivery).toBe(doc!.deliveryId);
    }, 240_000);

    it('loses nothing when Redis forgets everything (the outbox lives in MongoDB)', async () => {
      receiver.answerWith({ status: 500, body: 'not yet' });
      await a.app.get(NotificationsService).enqueue(notice('flush:1'));
      await eventually(
        async () => byKey('flush:1'),
        (r) => r.length >= 1,
      );
      await forgetRedisKeys(a.config.redisUrl, a.config.redisPrefix);
      const doc = await eventually(
        () => stored('flush:1'),
        (d) => d?.state === 'sent',
      );
      expect(doc!.attempts).toBe(2);
      expect(byKey('flush:1').map((r) => r.delivery)).toEqual([doc!.deliveryId, doc!.deliveryId]);
    }, 120_000);
  });
});
