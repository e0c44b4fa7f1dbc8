import { getConnectionToken } from '@nestjs/mongoose';
import {
  ACCESS_TOKEN_HEADER,
  ALERT_RULE_API,
  type AlertRule,
  type AlertRuleInput,
  alertRuleSchema,
  INCIDENT_API,
  type Incident,
  incidentPageSchema,
} from '@store-cloud/contracts';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { Clock } from '../src/common/clock/clock';
import type { TestApp } from './create-app';

/** The alerts sweep of a test app, quick: the grace and flapping windows still need the Clock. */
export const FAST_ALERTS = {
  sweepIntervalMs: 150,
  offlineSettleMs: 400,
  recordsIntervalMs: 300,
  dailyAt: '23:59',
};

/**
 * Moves the time of every Clock forward by `ms` from now on, while it keeps running (the ping
 * check and the stores' pings read the same Clock, so the fleet stays online across a move).
 */
export function movableClock() {
  let offset = 0;
  const spy = jest
    .spyOn(Clock.prototype, 'now')
    .mockImplementation(() => new Date(Date.now() + offset));
  return {
    forward: (ms: number) => void (offset += ms),
    now: () => new Date(Date.now() + offset),
    restore: () => spy.mockRestore(),
  };
}

export async function createRule(
  t: TestApp,
  token: string,
  rule: AlertRuleInput,
): Promise<AlertRule> {
  const res = await request(t.baseUrl)
    .post(ALERT_RULE_API.rules)
    .set(ACCESS_TOKEN_HEADER, token)
    .send(rule)
    .expect(201);
  return alertRuleSchema.parse(res.body);
}

export async function incidents(
  t: TestApp,
  token: string,
  query: Record<string, string | number> = {},
): Promise<Incident[]> {
  const res = await request(t.baseUrl)
    .get(INCIDENT_API.list)
    .query(query)
    .set(ACCESS_TOKEN_HEADER, token)
    .expect(200);
  return incidentPageSchema.parse(res.body).incidents;
}

/** The outbox documents NotificationsService.enqueue wrote (one per key and recipient). */
export async function outbox(t: TestApp, key?: string) {
  const db = t.app.get<Connection>(getConnectionToken());
  return db
    .collection('notifications')
    .find(key ? { key } : {})
    .project<{ key: string; recipient: string; subject: string; event: string }>({
      key: 1,
      recipient: 1,
      subject: 1,
      event: 1,
    })
    .toArray();
}

/** Waits until the alerts sweep has recorded the store online or offline (alertstores). */
export async function sweptAs(t: TestApp, companyId: number, storeId: number, online: boolean) {
  const db = t.app.get<Connection>(getConnectionToken());
  const read = () => db.collection('alertstores').findOne({ companyId, storeId });
  for (;;) {
    const doc = await read();
    if (doc?.online === online) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Clears what the alerts wrote between tests. */
export async function clearAlerts(t: TestApp) {
  const db = t.app.get<Connection>(getConnectionToken());
  for (const name of ['alertrules', 'incidents', 'notifications', 'alertsubscriptions'])
    await db.collection(name).deleteMany({});
}
