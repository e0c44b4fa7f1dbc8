import {
  ACCESS_TOKEN_HEADER,
  SIMULATOR_API,
  WEBHOOK_API,
  WEBHOOK_HEADERS,
  webhookCreatedSchema,
  webhookPayloadSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import { type RunningMailpit, startMailpit } from '../../e2e/stack/mailpit';
import { createRule, FAST_ALERTS, incidents, movableClock } from './alerts-support';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { startReceiver, verifySignature } from './notification-receiver';
import { type ChildServer, startFleetFor, withOutputOf } from './processes';

const PORTAL = 'https://portal.example.test';

/**
 * Issue 26 from end to end with every real part: the simulator takes a store offline through its
 * control API; past the rule's grace the signed webhook reaches the receiver this test runs and
 * the e-mail reaches mailpit; back online, both get the back-online notice.
 */
describe('alerts through the channels', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let mailpit: RunningMailpit;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let clock: ReturnType<typeof movableClock>;
  let token: string;

  beforeAll(async () => {
    mailpit = await startMailpit();
    receiver = await startReceiver();
    t = await createTestApp('alerts_channels', {
      config: {
        tentacleCheckIntervalMs: 200,
        tentacleMaxMissedPings: 2,
        alerts: FAST_ALERTS,
        notifications: {
          smtpUrl: mailpit.smtpUrl,
          from: 'alerts@storecloud.test',
          portalUrl: PORTAL,
          webhookAllowPrivate: true,
          intervalMs: 100,
          leaseMs: 10_000,
          retryBaseMs: 300,
        },
      },
    });
    token = await t.login(TEST_ADMIN);
    clock = movableClock();
    simulator = await startFleetFor(t.baseUrl, [[202, 2]]);
  }, 600_000);
  afterAll(async () => {
    clock?.restore();
    await simulator?.stop();
    await t?.close();
    await receiver?.close();
    await mailpit?.stop();
  });

  const control = async (route: string) => {
    const res = await fetch(`${simulator.url}${route}`, { method: 'POST' });
    expect(res.status).toBe(200);
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const mailsAbout = async (text: string) =>
    (await mailpit.messages()).filter((m) => m.Subject.includes(text));

  it('sends the signed webhook and the e-mail when a store goes offline, and again when it is back', async () => {
    const hook = webhookCreatedSchema.parse(
      (
        await request(t.baseUrl)
          .post(WEBHOOK_API.webhooks)
          .set(ACCESS_TOKEN_HEADER, token)
          .send({ companyId: 202, name: 'Ops hook', url: receiver.url })
          .expect(201)
      ).body,
    );
    await createRule(t, token, {
      companyId: 202,
      name: 'Ops',
      kinds: ['store-offline'],
      graceSeconds: 60,
      recipients: { emails: ['ops@example.test'], webhookIds: [hook.id] },
    });

    await control(SIMULATOR_API.storeOffline(202, 2));
    await sleep(FAST_ALERTS.offlineSettleMs + 800);
    clock.forward(61_000);
    const [incident] = await withOutputOf(
      simulator,
      eventually(
        () => incidents(t, token, { state: 'open', companyId: 202 }),
        (list) => list.length === 1,
      ),
    );

    const [opened] = await eventually(
      async () => receiver.received.filter((r) => r.json.key === `${incident!.id}:opened`),
      (r) => r.length === 1,
    );
    const signature = String(opened!.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
    expect(verifySignature(hook.secret, signature, opened!.body)).toBe(true);
    expect(webhookPayloadSchema.parse(opened!.json)).toMatchObject({
      event: 'incident.opened',
      kind: 'store-offline',
      companyId: 202,
      storeId: 2,
    });
    const [mail] = await eventually(
      () => mailsAbout('is offline'),
      (m) => m.length === 1,
    );
    expect(mail!.To.map((a) => a.Address)).toEqual(['ops@example.test']);
    const message = await mailpit.message(mail!.ID);
    expect(message.Text).toContain(PORTAL);
    expect(message.HTML).toContain(`href="${PORTAL}`);

    await control(SIMULATOR_API.storeOnline(202, 2));
    const [resolved] = await eventually(
      async () => receiver.received.filter((r) => r.json.key === `${incident!.id}:resolved`),
      (r) => r.length === 1,
    );
    expect(resolved!.json.event).toBe('incident.resolved');
    expect(
      verifySignature(
        hook.secret,
        String(resolved!.headers['x-storecloud-signature']),
        resolved!.body,
      ),
    ).toBe(true);
    await eventually(
      () => mailsAbout('back online'),
      (m) => m.length === 1,
    );
    // One of each, however many sweeps ran meanwhile.
    await sleep(500);
    expect(receiver.received).toHaveLength(2);
    expect(await mailpit.messages()).toHaveLength(2);
  }, 120_000);
});
