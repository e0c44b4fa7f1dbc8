import { getConnectionToken } from '@nestjs/mongoose';
import {
  ACCESS_TOKEN_HEADER,
  AUDIT_API,
  auditPageSchema,
  USER_TYPE,
  WEBHOOK_API,
  WEBHOOK_HEADERS,
  type WebhookCreated,
  webhookCreatedSchema,
  webhookDeliveriesPath,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  type WebhookInput,
  webhookListSchema,
  webhookPath,
  webhookPayloadSchema,
  webhookReplayPath,
  webhookTestPath,
} from '@store-cloud/contracts';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { startMailpit, type RunningMailpit } from '../../e2e/stack/mailpit';
import { type NotificationRequest, NotificationsService } from '../src/modules/notifications';
import { createTestApp, type TestApp } from './create-app';
import { eventually } from './eventually';
import { startReceiver, verifySignature } from './notification-receiver';
import { demoFleetAccess } from './users';

const COMPANY = 101;
const OTHER_COMPANY = 202;
const PORTAL = 'https://portal.example.test';

/**
 * The channels of issue 26 against real counterparts: a webhook receiver this test runs (it
 * checks the signature with the secret shown at creation) and mailpit, a real SMTP server.
 */
describe('notifications: signed webhooks and e-mail', () => {
  let t: TestApp;
  let admin: string;
  let mailpit: RunningMailpit;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let db: Connection;

  beforeAll(async () => {
    mailpit = await startMailpit();
    receiver = await startReceiver();
    t = await createTestApp('notifications_webhooks', {
      config: {
        notifications: {
          smtpUrl: mailpit.smtpUrl,
          from: 'Store Cloud <alerts@storecloud.test>',
          portalUrl: PORTAL,
          // The receiver listens on 127.0.0.1.
          webhookAllowPrivate: true,
          intervalMs: 100,
          leaseMs: 10_000,
          retryBaseMs: 300,
        },
      },
    });
    admin = await t.login({ username: 'admin@storecloud.test', password: 'Admin-Test-Pass1' });
    db = t.app.get<Connection>(getConnectionToken());
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await mailpit?.stop();
  });

  const api = (token = admin) => ({
    get: (path: string) => request(t.baseUrl).get(path).set(ACCESS_TOKEN_HEADER, token),
    post: (path: string) => request(t.baseUrl).post(path).set(ACCESS_TOKEN_HEADER, token),
    put: (path: string) => request(t.baseUrl).put(path).set(ACCESS_TOKEN_HEADER, token),
    delete: (path: string) => request(t.baseUrl).delete(path).set(ACCESS_TOKEN_HEADER, token),
  });
  const create = async (input: Partial<WebhookInput> = {}): Promise<WebhookCreated> =>
    webhookCreatedSchema.parse(
      (
        await api()
          .post(WEBHOOK_API.webhooks)
          .send({ companyId: COMPANY, name: 'Ops', url: receiver.url, ...input })
          .expect(201)
      ).body,
    );
  const enqueue = (request: Partial<NotificationRequest> & { key: string }) =>
    t.app.get(NotificationsService).enqueue({
      companyId: COMPANY,
      storeId: 1,
      event: 'incident.opened',
      kind: 'store-offline',
      subject: 'Store 1 (Northway Fuels) is offline',
      text: 'Store 1 (Northway Fuels) is offline\nSince 10:00.',
      portalPath: '/status?c=101&s=1',
      data: { incidentId: 'abc', 'odd.key': 1 },
      emails: [],
      webhookIds: [],
      ...request,
    });
  const hooksFor = (key: string) => receiver.received.filter((r) => r.json.key === key);
  const deliveries = async (id: string) =>
    webhookDeliveryListSchema.parse((await api().get(webhookDeliveriesPath(id)).expect(200)).body);

  it('shows the secret once, stores it encrypted, and signs every POST with it', async () => {
    const hook = await create();
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = (await api().get(WEBHOOK_API.webhooks).query({ companyId: COMPANY }).expect(200))
      .body as unknown[];
    expect(webhookListSchema.parse(listed).map((w) => w.id)).toContain(hook.id);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    const stored = await db.collection('webhooks').findOne({ name: 'Ops' });
    expect(JSON.stringify(stored)).not.toContain(hook.secret);

    await enqueue({ key: 'inc-1:opened', webhookIds: [hook.id] });
    const [got] = await eventually(
      async () => hooksFor('inc-1:opened'),
      (r) => r.length === 1,
    );
    const signature = String(got!.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(hook.secret, signature, got!.body)).toBe(true);
    expect(verifySignature('whsec_wrong', signature, got!.body)).toBe(false);
    const payload = webhookPayloadSchema.parse(got!.json);
    expect(payload).toMatchObject({
      id: got!.delivery,
      event: 'incident.opened',
      kind: 'store-offline',
      companyId: COMPANY,
      storeId: 1,
      url: `${PORTAL}/status?c=101&s=1`,
      data: { incidentId: 'abc', 'odd.key': 1 },
    });
    expect(got!.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('incident.opened');
    const [delivery] = await eventually(
      () => deliveries(hook.id),
      (d) => d[0]?.state === 'sent',
    );
    expect(delivery).toMatchObject({ id: got!.delivery, state: 'sent' });
    expect(delivery!.attempts).toEqual([expect.objectContaining({ status: 200, answer: 'ok' })]);
  });

  it('enqueues once per key and recipient, however often it is asked', async () => {
    const hook = await create({ name: 'Once' });
    await enqueue({ key: 'inc-2:opened', webhookIds: [hook.id] });
    await enqueue({ key: 'inc-2:opened', webhookIds: [hook.id, hook.id] });
    await eventually(
      () => deliveries(hook.id),
      (d) => d.length === 1 && d[0]!.state === 'sent',
    );
    // Another notification after it is sent proves the sender went past the repeat.
    await enqueue({ key: 'inc-2:resolved', event: 'incident.resolved', webhookIds: [hook.id] });
    await eventually(
      async () => hooksFor('inc-2:resolved'),
      (r) => r.length === 1,
    );
    expect(hooksFor('inc-2:opened')).toHaveLength(1);
    expect(await db.collection('notifications').countDocuments({ key: 'inc-2:opened' })).toBe(1);
  });

  it('retries after the receiver answered 500, and logs every attempt with its answer', async () => {
    const hook = await create({ name: 'Flaky' });
    receiver.answerWith({ status: 500, body: 'database down' }, { status: 503, body: 'later' });
    await enqueue({ key: 'inc-3:opened', webhookIds: [hook.id] });
    const [delivery] = await eventually(
      () => deliveries(hook.id),
      (d) => d[0]?.state === 'sent',
    );
    expect(delivery!.attempts.map((a) => [a.status, a.answer])).toEqual([
      [500, 'database down'],
      [503, 'later'],
      [200, 'ok'],
    ]);
    const got = hooksFor('inc-3:opened');
    expect(got).toHaveLength(3);
    // Every retry is the same delivery: a receiver drops repeats by its id.
    expect(new Set(got.map((r) => r.delivery))).toEqual(new Set([delivery!.id]));
  });

  it('replays a delivery as a new one naming it, and sends a test', async () => {
    const hook = await create({ name: 'Replayed' });
    await enqueue({ key: 'inc-4:opened', webhookIds: [hook.id] });
    const [first] = await eventually(
      () => deliveries(hook.id),
      (d) => d[0]?.state === 'sent',
    );
    const replay = webhookDeliverySchema.parse(
      (await api().post(webhookReplayPath(hook.id, first!.id)).expect(200)).body,
    );
    expect(replay).toMatchObject({ replayOf: first!.id, state: 'pending', attempts: [] });
    expect(replay.id).not.toBe(first!.id);
    await eventually(
      async () => receiver.received.filter((r) => r.delivery === replay.id),
      (r) => r.length === 1,
    );
    const again = receiver.received.find((r) => r.delivery === replay.id)!;
    expect(webhookPayloadSchema.parse(again.json).replayOf).toBe(first!.id);
    expect(
      verifySignature(hook.secret, String(again.headers['x-storecloud-signature']), again.body),
    ).toBe(true);

    await api()
      .post(webhookReplayPath(hook.id, '00000000-0000-4000-8000-000000000000'))
      .expect(404);

    expect((await api().post(webhookTestPath(hook.id)).expect(200)).body).toEqual({ queued: 1 });
    await eventually(
      async () =>
        receiver.received.filter(
          (r) =>
            r.json.event === 'test' &&
            r.json.data &&
            (r.json.data as { webhookId?: string }).webhookId === hook.id,
        ),
      (r) => r.length === 1,
    );
  });

  it('posts the shapes Slack and Teams incoming webhooks accept', async () => {
    const slack = await create({ name: 'Slack', format: 'slack' });
    const teams = await create({ name: 'Teams', format: 'teams' });
    await enqueue({ key: 'inc-5:opened', webhookIds: [slack.id, teams.id] });
    await eventually(
      async () => [...(await deliveries(slack.id)), ...(await deliveries(teams.id))],
      (d) => d.length === 2 && d.every((x) => x.state === 'sent'),
    );
    const bodies = receiver.received.filter((r) =>
      JSON.stringify(r.json).includes('Store 1 (Northway Fuels) is offline'),
    );
    const slackBody = bodies.find((b) => 'blocks' in b.json)!.json;
    expect(slackBody.text).toContain(`${PORTAL}/status?c=101&s=1`);
    expect(JSON.stringify(slackBody.blocks)).toContain('*Store 1 (Northway Fuels) is offline*');
    const teamsBody = bodies.find((b) => b.json.type === 'message')!.json as {
      attachments: Array<{ contentType: string; content: { type: string; actions: unknown[] } }>;
    };
    expect(teamsBody.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(teamsBody.attachments[0]!.content.type).toBe('AdaptiveCard');
    expect(JSON.stringify(teamsBody.attachments[0]!.content.actions)).toContain(PORTAL);
  });

  it('leaves out webhooks of another company and events a webhook does not take', async () => {
    const other = await create({ companyId: OTHER_COMPANY, name: 'Elsewhere' });
    const onlyResolved = await create({ name: 'Resolved only', events: ['incident.resolved'] });
    await enqueue({ key: 'inc-6:opened', webhookIds: [other.id, onlyResolved.id] });
    expect(await db.collection('notifications').countDocuments({ key: 'inc-6:opened' })).toBe(0);
  });

  it('sends the e-mail with a plain-text and an HTML part and the link to the store', async () => {
    await enqueue({ key: 'inc-7:opened', emails: ['Ops@Example.TEST', 'ops@example.test'] });
    const [summary] = await eventually(
      async () => (await mailpit.messages()).filter((m) => m.Subject.includes('is offline')),
      (m) => m.length === 1,
    );
    expect(summary!.To.map((a) => a.Address)).toEqual(['ops@example.test']);
    expect(summary!.From.Address).toBe('alerts@storecloud.test');
    const mail = await mailpit.message(summary!.ID);
    const link = `${PORTAL}/status?c=101&s=1`;
    expect(mail.Text).toContain('Since 10:00.');
    expect(mail.Text).toContain(link);
    expect(mail.HTML).toContain(`<a href="${link.replace(/&/g, '&amp;')}">`);
    expect(mail.HTML).toContain('<h2>Store 1 (Northway Fuels) is offline</h2>');
    const stored = await db.collection('notifications').findOne({ key: 'inc-7:opened' });
    expect(stored).toMatchObject({ state: 'sent', attempts: 1 });
    // The Message-ID is the delivery id: a resend after a crash is recognisably the same mail.
    expect(mail.MessageID).toBe(`${stored!.deliveryId}@store-cloud`);
  });

  it('refuses URLs that are not http(s) or point to metadata addresses (400, nothing stored)', async () => {
    const before = await db.collection('webhooks').countDocuments();
    for (const url of [
      'ftp://example.test/hook',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/hook',
      'http://metadata.google.internal/x',
      'https://user:pass@example.test/hook',
    ]) {
      const res = await api()
        .post(WEBHOOK_API.webhooks)
        .send({ companyId: COMPANY, name: 'Bad', url });
      expect([url, res.status]).toEqual([url, 400]);
    }
    expect(await db.collection('webhooks').countDocuments()).toBe(before);
  });

  it('audits creation, change, deletion and replay, never the secret', async () => {
    const hook = await create({ name: 'Audited' });
    await api()
      .put(webhookPath(hook.id))
      .send({ companyId: COMPANY, name: 'Audited 2', url: receiver.url, format: 'slack' })
      .expect(200);
    await enqueue({ key: 'inc-8:opened', webhookIds: [hook.id] });
    const [sent] = await eventually(
      () => deliveries(hook.id),
      (d) => d[0]?.state === 'sent',
    );
    await api().post(webhookReplayPath(hook.id, sent!.id)).expect(200);
    await api().delete(webhookPath(hook.id)).expect(200);
    await api().get(webhookDeliveriesPath(hook.id)).expect(404);
    const page = auditPageSchema.parse(
      (await api().get(AUDIT_API.list).query({ action: 'webhook.' }).expect(200)).body,
    );
    const mine = page.entries.filter((e) => e.target === hook.id);
    expect(mine.map((e) => e.action).sort()).toEqual(
      ['webhook.create', 'webhook.delete', 'webhook.replay', 'webhook.update'].sort(),
    );
    expect(mine.find((e) => e.action === 'webhook.update')!.changes).toEqual(
      expect.arrayContaining([
        { field: 'format', before: 'json', after: 'slack' },
        { field: 'name', before: 'Audited', after: 'Audited 2' },
      ]),
    );
    expect(JSON.stringify(page)).not.toContain(hook.secret);
  });

  it('keeps a company-limited administrator to its companies and a basic user out (403)', async () => {
    const theirs = await create({ companyId: OTHER_COMPANY, name: 'Not yours' });
    await t.createUser({
      username: 'limited@storecloud.test',
      password: 'Limited-Pass-123',
      usertype: USER_TYPE.ADMIN,
      access: demoFleetAccess([[COMPANY]]),
    });
    await t.createUser({
      username: 'basic@storecloud.test',
      password: 'Basic-Pass-1234',
      usertype: USER_TYPE.BASIC,
      access: demoFleetAccess([[COMPANY]]),
    });
    const limited = await t.login({
      username: 'limited@storecloud.test',
      password: 'Limited-Pass-123',
    });
    const basic = await t.login({ username: 'basic@storecloud.test', password: 'Basic-Pass-1234' });
    const seen = webhookListSchema.parse(
      (await api(limited).get(WEBHOOK_API.webhooks).expect(200)).body,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((w) => w.companyId === COMPANY)).toBe(true);
    await api(limited)
      .post(WEBHOOK_API.webhooks)
      .send({ companyId: OTHER_COMPANY, name: 'X', url: receiver.url })
      .expect(403);
    await api(limited).post(webhookTestPath(theirs.id)).expect(403);
    await api(limited).get(webhookDeliveriesPath(theirs.id)).expect(403);
    await api(limited).delete(webhookPath(theirs.id)).expect(403);
    await api(basic).get(WEBHOOK_API.webhooks).expect(403);
  });
});
