import {
  ACCESS_TOKEN_HEADER,
  ALERT_RULE_API,
  ALERT_SUBSCRIPTIONS_API,
  AUDIT_API,
  INCIDENT_API,
  LIVE_STATUS,
  alertRulePath,
  alertRuleTestPath,
  incidentAckPath,
  incidentMutePath,
  incidentPageSchema,
  USER_TYPE,
} from '@store-cloud/contracts';
import request from 'supertest';
import { IncidentsRepository } from '../src/modules/alerts/incidents.repository';
import { clearAlerts, createRule, outbox } from './alerts-support';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { connected, openSocket } from './sockets';

/**
 * Issue 26 routes: rules for administrators within their companies (audited), incidents for
 * anyone with access to the company (list, open count, acknowledge, mute), a user's own follows
 * and mutes, the rule's test send.
 */
describe('alert rules, incidents and subscriptions', () => {
  let t: TestApp;
  let admin: string;
  let limitedAdmin: string;
  let basic: string;

  const api = () => request(t.baseUrl);
  const rule = {
    companyId: 202,
    name: 'Ops',
    kinds: ['store-offline' as const],
    recipients: { emails: ['ops@example.test'], webhookIds: [] },
  };
  const openIncident = (companyId: number, storeId: number, at = new Date()) =>
    t.app.get(IncidentsRepository).open({
      companyId,
      storeId,
      kind: 'store-offline',
      subject: `store/${storeId}`,
      title: `Store ${storeId} is offline`,
      data: {},
      openedAt: at,
    });

  beforeAll(async () => {
    t = await createTestApp('alerts_api', { config: { role: 'api' } });
    admin = await t.login(TEST_ADMIN);
    await t.createUser({
      username: 'admin101@example.test',
      password: 'Limited-Admin-1',
      usertype: USER_TYPE.ADMIN,
      access: {
        all: false,
        companies: [{ companyId: 101, companyName: 'Company 101', stores: [] }],
      },
    });
    limitedAdmin = await t.login({
      username: 'admin101@example.test',
      password: 'Limited-Admin-1',
    });
    await t.createUser({
      username: 'basic202@example.test',
      password: 'Basic-User-Pass1',
      usertype: USER_TYPE.BASIC,
      access: {
        all: false,
        companies: [
          {
            companyId: 202,
            companyName: 'Company 202',
            stores: [{ storeId: 1, storeName: 'Store 1', enabled: true }],
          },
        ],
      },
    });
    basic = await t.login({ username: 'basic202@example.test', password: 'Basic-User-Pass1' });
  });
  beforeEach(() => clearAlerts(t));
  afterAll(() => t?.close());

  it('creates, lists, updates and deletes a rule with defaults, each change audited', async () => {
    const created = await createRule(t, admin, rule);
    expect(created).toMatchObject({
      graceSeconds: 600,
      delivery: 'immediate',
      enabled: true,
      timeZone: 'UTC',
    });
    const list = await api()
      .get(ALERT_RULE_API.rules)
      .query({ companyId: 202 })
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200);
    expect(list.body).toEqual([created]);
    const updated = await api()
      .put(alertRulePath(created.id))
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({ ...rule, graceSeconds: 30, delivery: 'digest' })
      .expect(200);
    expect(updated.body).toMatchObject({ id: created.id, graceSeconds: 30, delivery: 'digest' });
    await api()
      .delete(alertRulePath(created.id))
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200, { success: true });
    await api().delete(alertRulePath(created.id)).set(ACCESS_TOKEN_HEADER, admin).expect(404);
    const audit = await api()
      .get(AUDIT_API.list)
      .query({ action: 'alertRule.' })
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200);
    expect(audit.body.entries.map((e: { action: string }) => e.action).sort()).toEqual([
      'alertRule.create',
      'alertRule.delete',
      'alertRule.update',
    ]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    for (const bad of [
      { ...rule, graceSeconds: 10 },
      { ...rule, kinds: [] },
      { ...rule, timeZone: 'Mars/Olympus' },
      { ...rule, quietHours: [{ days: [1], from: '25:00', to: '06:00' }] },
      { ...rule, recipients: { emails: ['not-an-address'], webhookIds: [] } },
    ])
      await api().post(ALERT_RULE_API.rules).set(ACCESS_TOKEN_HEADER, admin).send(bad).expect(400);
    const list = await api().get(ALERT_RULE_API.rules).set(ACCESS_TOKEN_HEADER, admin).expect(200);
    expect(list.body).toEqual([]);
  });

  it('keeps rules within the administrator companies and away from other user types', async () => {
    const other = await createRule(t, admin, rule);
    await api()
      .post(ALERT_RULE_API.rules)
      .set(ACCESS_TOKEN_HEADER, limitedAdmin)
      .send(rule)
      .expect(403);
    await api()
      .put(alertRulePath(other.id))
      .set(ACCESS_TOKEN_HEADER, limitedAdmin)
      .send({ ...rule, companyId: 101 })
      .expect(403);
    await api().delete(alertRulePath(other.id)).set(ACCESS_TOKEN_HEADER, limitedAdmin).expect(403);
    const own = await api()
      .get(ALERT_RULE_API.rules)
      .set(ACCESS_TOKEN_HEADER, limitedAdmin)
      .expect(200);
    expect(own.body).toEqual([]);
    await api().get(ALERT_RULE_API.rules).set(ACCESS_TOKEN_HEADER, basic).expect(403);
    await api().post(ALERT_RULE_API.rules).set(ACCESS_TOKEN_HEADER, basic).send(rule).expect(403);
  });

  it('queues a test send to each recipient of the rule', async () => {
    const created = await createRule(t, admin, {
      ...rule,
      recipients: { emails: ['a@example.test', 'b@example.test'], webhookIds: [] },
    });
    const res = await api()
      .post(alertRuleTestPath(created.id))
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200);
    expect(res.body).toEqual({ queued: 2 });
    const docs = await outbox(t);
    expect(docs.map((d) => d.recipient).sort()).toEqual([
      'email:a@example.test',
      'email:b@example.test',
    ]);
  });

  it('lists incidents open first, pages them, counts, acknowledges and mutes, within access', async () => {
    const base = Date.now();
    const resolved = (await openIncident(202, 1, new Date(base + 3000)))!;
    await t.app.get(IncidentsRepository).resolve(resolved._id, new Date(base + 4000));
    const older = (await openIncident(202, 2, new Date(base)))!;
    const newer = (await openIncident(202, 3, new Date(base + 1000)))!;
    await openIncident(101, 1, new Date(base + 2000));
    // One open incident per thing.
    expect(await openIncident(202, 2)).toBeUndefined();

    const page1 = incidentPageSchema.parse(
      (
        await api()
          .get(INCIDENT_API.list)
          .query({ companyId: 202, limit: 2 })
          .set(ACCESS_TOKEN_HEADER, admin)
          .expect(200)
      ).body,
    );
    expect(page1.incidents.map((i) => i.id)).toEqual([String(newer._id), String(older._id)]);
    const page2 = incidentPageSchema.parse(
      (
        await api()
          .get(INCIDENT_API.list)
          .query({ companyId: 202, limit: 2, before: page1.next! })
          .set(ACCESS_TOKEN_HEADER, admin)
          .expect(200)
      ).body,
    );
    expect(page2.incidents.map((i) => [i.id, i.state])).toEqual([
      [String(resolved._id), 'resolved'],
    ]);
    expect(page2.next).toBeUndefined();

    // The BASIC user of company 202 sees its incidents only.
    const mine = incidentPageSchema.parse(
      (
        await api()
          .get(INCIDENT_API.list)
          .query({ state: 'open' })
          .set(ACCESS_TOKEN_HEADER, basic)
          .expect(200)
      ).body,
    );
    expect(mine.incidents.every((i) => i.companyId === 202)).toBe(true);
    await api()
      .get(INCIDENT_API.list)
      .query({ companyId: 101 })
      .set(ACCESS_TOKEN_HEADER, basic)
      .expect(403);
    await api()
      .post(incidentAckPath(String(older._id)))
      .set(ACCESS_TOKEN_HEADER, limitedAdmin)
      .expect(403);

    const count = () =>
      api().get(INCIDENT_API.openCount).set(ACCESS_TOKEN_HEADER, basic).expect(200);
    expect((await count()).body).toEqual({ open: 2 });
    const acked = await api()
      .post(incidentAckPath(String(older._id)))
      .set(ACCESS_TOKEN_HEADER, basic)
      .expect(200);
    expect(acked.body).toMatchObject({ acknowledgedBy: 'basic202@example.test' });
    const muted = await api()
      .post(incidentMutePath(String(older._id)))
      .set(ACCESS_TOKEN_HEADER, basic)
      .send({ minutes: 60 })
      .expect(200);
    expect(muted.body.mutedUntil).not.toBeNull();
    expect((await count()).body).toEqual({ open: 1 });
    await api()
      .post(incidentMutePath(String(resolved._id)))
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({ minutes: 5 })
      .expect(409);
    await api()
      .post(incidentMutePath(String(older._id)))
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({ minutes: 0 })
      .expect(400);
    await api()
      .post(incidentAckPath('0123456789abcdef01234567'))
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(404);
  });

  it("keeps a user's own follows and mutes, within its access, and leaves muted ones out of its count", async () => {
    await openIncident(202, 1);
    const put = await api()
      .put(ALERT_SUBSCRIPTIONS_API.mine)
      .set(ACCESS_TOKEN_HEADER, basic)
      .send({ follows: [{ companyId: 202 }], mutes: [{ companyId: 202, storeId: 1 }] })
      .expect(200);
    expect(put.body).toEqual({
      follows: [{ companyId: 202 }],
      mutes: [{ companyId: 202, storeId: 1 }],
    });
    const get = await api()
      .get(ALERT_SUBSCRIPTIONS_API.mine)
      .set(ACCESS_TOKEN_HEADER, basic)
      .expect(200);
    expect(get.body).toEqual(put.body);
    expect(
      (await api().get(INCIDENT_API.openCount).set(ACCESS_TOKEN_HEADER, basic).expect(200)).body,
    ).toEqual({ open: 0 });
    await api()
      .put(ALERT_SUBSCRIPTIONS_API.mine)
      .set(ACCESS_TOKEN_HEADER, basic)
      .send({ follows: [{ companyId: 101 }], mutes: [] })
      .expect(403);
  });

  it('pushes incidents-changed with the company on the live socket when an incident is acknowledged', async () => {
    const incident = (await openIncident(202, 1))!;
    const socket = openSocket(`${t.baseUrl}${LIVE_STATUS.namespace}`, { token: admin });
    try {
      await connected(socket);
      const pushed = new Promise<unknown>((resolve) =>
        socket.once(LIVE_STATUS.incidentsChangedEvent, resolve),
      );
      await api()
        .post(incidentAckPath(String(incident._id)))
        .set(ACCESS_TOKEN_HEADER, admin)
        .expect(200);
      expect(await pushed).toEqual({ companyId: 202 });
    } finally {
      socket.disconnect();
    }
  });
});
