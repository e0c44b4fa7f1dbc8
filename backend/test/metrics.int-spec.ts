import { NestFactory } from '@nestjs/core';
import {
  ACCESS_TOKEN_HEADER,
  BACKUP_API,
  backupJobRefSchema,
  backupJobStatusSchema,
  METRICS_PATH,
  METRICS_PREFIX,
  SITE_API,
  SITE_SERVICE,
  SITE_TOKEN_HEADER,
  TENTACLE,
} from '@store-cloud/contracts';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import {
  labelValues,
  type MetricSample,
  metricValue,
  parseMetrics,
} from '../../e2e/stack/metrics-text';
import { checkMetrics } from '../../e2e/stack/promtool';
import { MetricsService } from '../src/modules/metrics/metrics.service';
import { WorkerModule } from '../src/worker.module';
import { createTestApp, TEST_ADMIN, testConfig, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connectAndLogin } from './site-connection';
import { openAnsweringStore } from './sockets';

const METRICS_TOKEN = 'metrics-test-token-0123456789abcdef';
/** A user whose name (an e-mail address) and password must never show in a label. */
const PROBE = { username: 'metrics.probe@example.com', password: 'Metrics-Probe-Pass1' };
const UNKNOWN = 'nobody.metrics@example.org';
const BACKUP_SERVER = 'Metrics Self';

/** The backend's /metrics after driving each kind of work, read as Prometheus reads it. */
describe('backend metrics', () => {
  let t: TestApp;
  let store: Socket;
  let admin: string;
  let siteToken: string;

  beforeAll(async () => {
    t = await createTestApp('metrics', {
      config: { metricsToken: METRICS_TOKEN, metricsReadIntervalMs: 0, relayTimeoutMs: 2000 },
    });
    admin = await t.login(TEST_ADMIN);
    await t.createUser(PROBE);
    // A store's tentacle (socket.io, as the router's): answers the site login and relayed calls.
    store = await openAnsweringStore(
      t.baseUrl,
      { company: 101, store: 1, tentacleVersion: '2.0.0' },
      { login: () => true, request: () => ({ status: 200, body: { version: '2.0.0' } }) },
    );
  }, 120_000);
  afterAll(async () => {
    store?.disconnect();
    await t?.close();
  });

  const scrape = async (): Promise<{ text: string; samples: MetricSample[] }> => {
    const res = await request(t.baseUrl)
      .get(METRICS_PATH)
      .set('Authorization', `Bearer ${METRICS_TOKEN}`)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return { text: res.text, samples: parseMetrics(res.text) };
  };

  it('answers 401 without the bearer token or with another', async () => {
    await request(t.baseUrl).get(METRICS_PATH).expect(401);
    await request(t.baseUrl).get(METRICS_PATH).set('Authorization', 'Bearer wrong').expect(401);
    // The portal's access token is not the scrape token.
    await request(t.baseUrl).get(METRICS_PATH).set(ACCESS_TOKEN_HEADER, admin).expect(401);
  });

  it('counts logins by outcome', async () => {
    const before = (await scrape()).samples;
    await t.login(PROBE);
    await request(t.baseUrl)
      .post('/portallogin')
      .send({ username: PROBE.username, password: 'not-the-password' })
      .expect(401);
    await request(t.baseUrl)
      .post('/portallogin')
      .send({ username: UNKNOWN, password: 'whatever-it-is' })
      .expect(401);
    const after = (await scrape()).samples;
    const logins = (s: MetricSample[], outcome: string) =>
      metricValue(s, `${METRICS_PREFIX}logins_total`, { outcome });
    expect(logins(after, 'success') - logins(before, 'success')).toBe(1);
    expect(logins(after, 'invalid') - logins(before, 'invalid')).toBe(2);
  });

  it('times a call relayed to the store, and counts its pings', async () => {
    siteToken = await connectAndLogin(t.baseUrl, admin, { company: 101, store: 1 });
    const before = (await scrape()).samples;
    expect(await store.emitWithAck(TENTACLE.pingEvent, { tentacleVersion: '2.0.0' })).toEqual({
      ok: true,
    });
    await request(t.baseUrl)
      .get(SITE_API.ping)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: 101, s: 1, d: SITE_SERVICE.serving })
      .expect(200);
    const after = await eventually(
      async () => (await scrape()).samples,
      (s) => metricValue(s, `${METRICS_PREFIX}pings_received_total`, { outcome: 'ok' }) > 0,
    );
    const answered = (s: MetricSample[]) =>
      metricValue(s, `${METRICS_PREFIX}relayed_call_duration_seconds_count`, {
        outcome: 'answered',
      });
    expect(answered(after) - answered(before)).toBe(1);
    expect(metricValue(after, `${METRICS_PREFIX}ping_ack_seconds_count`)).toBeGreaterThan(0);
    expect(metricValue(after, `${METRICS_PREFIX}stores_online`, { company: '101' })).toBe(1);
    expect(metricValue(after, `${METRICS_PREFIX}portal_connections_open`)).toBe(1);
    // The relay's route template, never the path or the store.
    expect(
      metricValue(after, `${METRICS_PREFIX}http_request_duration_seconds_count`, {
        route: '/api/v1/*path',
        status: '200',
      }),
    ).toBeGreaterThan(0);
  });

  it('holds a message for a store that went offline, and shows it waiting', async () => {
    store.disconnect();
    const send = () =>
      request(t.baseUrl)
        .post('/api/v1/broadcastMessage')
        .set(SITE_TOKEN_HEADER, siteToken)
        .query({ c: 101, s: 1 })
        .send({ message: 'Held for the metrics' });
    await eventually(
      () => send().then((r) => r.status),
      (status) => status === 202,
    );
    const { samples } = await scrape();
    expect(metricValue(samples, `${METRICS_PREFIX}held_messages_waiting`)).toBeGreaterThan(0);
    expect(
      metricValue(samples, `${METRICS_PREFIX}relayed_call_duration_seconds_count`, {
        outcome: 'held',
      }),
    ).toBeGreaterThan(0);
    expect(metricValue(samples, `${METRICS_PREFIX}stores_online`, { company: '101' })).toBe(0);
  });

  it('times a backup job on its queue and shows the backup age of its server', async () => {
    const asAdmin = (r: request.Test) => r.set(ACCESS_TOKEN_HEADER, admin);
    const before = (await scrape()).samples;
    await asAdmin(request(t.baseUrl).post(BACKUP_API.addServer))
      .send({ name: BACKUP_SERVER, url: t.baseUrl })
      .expect(201);
    const run = await asAdmin(request(t.baseUrl).post(BACKUP_API.runBackup))
      .send({ serverName: BACKUP_SERVER })
      .expect(201);
    const { jobId } = backupJobRefSchema.parse(run.body);
    await eventually(
      async () =>
        backupJobStatusSchema.parse(
          (await asAdmin(request(t.baseUrl).get(BACKUP_API.job).query({ jobId })).expect(200)).body,
        ).state,
      (state) => state === 'completed',
    );
    const after = await eventually(
      async () => (await scrape()).samples,
      (s) => metricValue(s, `${METRICS_PREFIX}backup_age_seconds`, { server: BACKUP_SERVER }) >= 0,
    );
    const jobs = (s: MetricSample[]) =>
      metricValue(s, `${METRICS_PREFIX}job_duration_seconds_count`, {
        queue: 'backups',
        outcome: 'completed',
      });
    expect(jobs(after) - jobs(before)).toBe(1);
    expect(after.some((s) => s.name === `${METRICS_PREFIX}backup_age_seconds`)).toBe(true);
    expect(
      after.filter((s) => s.name === `${METRICS_PREFIX}queue_jobs` && s.labels.queue === 'backups'),
    ).toHaveLength(4);
  });

  // promtool is built on first use (about 3 minutes, once: .tools/bin).
  it('passes promtool check metrics, every series named storecloud_*', async () => {
    const { text, samples } = await scrape();
    const check = checkMetrics(text);
    expect(check.output).toBe('');
    expect(check.status).toBe(0);
    expect(samples.filter((s) => !s.name.startsWith(METRICS_PREFIX))).toEqual([]);
    // The Node defaults are there.
    expect(metricValue(samples, `${METRICS_PREFIX}nodejs_eventloop_lag_seconds`)).toBeGreaterThan(
      0,
    );
  });

  it('carries no user name, e-mail address or token in any label', async () => {
    const { samples } = await scrape();
    const values = labelValues(samples);
    const secrets = [
      TEST_ADMIN.username,
      PROBE.username,
      UNKNOWN,
      PROBE.password,
      admin,
      siteToken,
      METRICS_TOKEN,
    ];
    for (const value of values) {
      expect(value).not.toMatch(/@/);
      for (const secret of secrets) expect(value).not.toContain(secret);
    }
    // Nor a raw path: only route templates.
    const routes = samples.map((s) => s.labels.route).filter(Boolean);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).not.toMatch(/[?=]|\/101\b/);
  });
});

describe('worker metrics on METRICS_PORT', () => {
  it('serves /metrics on its own port, with the bearer token', async () => {
    const config = testConfig('metrics_worker', {
      role: 'worker',
      metricsPort: 0,
      metricsToken: METRICS_TOKEN,
      metricsReadIntervalMs: 0,
    });
    const worker = await NestFactory.createApplicationContext(
      WorkerModule.forRoot({ config, logDestination: { write: () => undefined } }),
      { logger: false },
    );
    await worker.init();
    try {
      const url = `http://127.0.0.1:${worker.get(MetricsService).port}${METRICS_PATH}`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      const samples = parseMetrics(text);
      // The worker reports the queues' depth; its queues are empty.
      expect(
        metricValue(samples, `${METRICS_PREFIX}queue_jobs`, { queue: 'backups', state: 'waiting' }),
      ).toBe(0);
      expect(checkMetrics(text)).toEqual({ status: 0, output: '' });
      expect((await fetch(url.replace(METRICS_PATH, '/other'))).status).toBe(404);
    } finally {
      await worker.close();
    }
  });
});
