import {
  errorBodySchema,
  SITE_API,
  SITE_ERROR_CODE,
  SITE_SOCKET,
  STORE_STATUS,
} from '@store-cloud/contracts';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connectAndLogin } from './site-connection';
import { connected, openTentacle } from './sockets';
import { storeStatus } from './store-status';

const COMPANY = 101;
const STORE = 1;
const ABANDON_MS = 1000;
const IDLE_MS = 3000;

/**
 * A connection whose portal stopped its heartbeat (GET sitetokeninfo?peek=true every 5 s) is
 * closed after SITE_ABANDON_MS; a portal that keeps the heartbeat but makes no call is still
 * closed by the idle rule (SITE_IDLE_TIMEOUT_MS). Shortened to 1 s and 3 s here.
 */
describe('abandoned store connections', () => {
  let t: TestApp;
  let admin: string;
  let store: Socket;

  beforeAll(async () => {
    t = await createTestApp('site_abandon', {
      config: {
        siteAbandonMs: ABANDON_MS,
        siteIdleTimeoutMs: IDLE_MS,
        siteIdleCheckIntervalMs: 100,
      },
    });
    admin = await t.login(TEST_ADMIN);
    store = openTentacle(t.baseUrl, { company: COMPANY, store: STORE, tentacleVersion: '2.0.0' });
    store.on(SITE_SOCKET.loginEvent, (_creds: unknown, ack: (r: unknown) => void) =>
      ack({ success: true }),
    );
    await connected(store);
    await eventually(status, (s) => s === STORE_STATUS.online);
  });
  afterAll(async () => {
    store?.disconnect();
    await t?.close();
  });

  async function status() {
    return (await storeStatus(t.baseUrl, COMPANY, STORE)).status;
  }
  const peek = (token: string) =>
    request(t.baseUrl).get(SITE_API.siteTokenInfo).query({ token, peek: 'true' });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** The portal's heartbeat, every 200 ms while `until` is in the future. */
  async function heartbeat(token: string, forMs: number) {
    const until = Date.now() + forMs;
    while (Date.now() < until) {
      if ((await peek(token)).status !== 200) return false;
      await sleep(200);
    }
    return true;
  }
  async function expectClosed(token: string) {
    const res = await peek(token).expect(401);
    expect(errorBodySchema.parse(res.body).code).toBe(SITE_ERROR_CODE.connectionClosed);
  }

  it('keeps a connection open while its heartbeat runs, and closes it soon after it stops', async () => {
    const token = await connectAndLogin(t.baseUrl, admin, { company: COMPANY, store: STORE });
    // Twice the abandon time with the heartbeat running: still open.
    expect(await heartbeat(token, 2 * ABANDON_MS)).toBe(true);
    expect(await status()).toBe(STORE_STATUS.connected);
    // The tab is closed: no heartbeat.
    await eventually(status, (s) => s === STORE_STATUS.online);
    await expectClosed(token);
  });

  it('still closes an idle connection whose heartbeat keeps running', async () => {
    const token = await connectAndLogin(t.baseUrl, admin, { company: COMPANY, store: STORE });
    // The heartbeat alone (no call) does not keep it open past the idle time.
    expect(await heartbeat(token, IDLE_MS + 2000)).toBe(false);
    await expectClosed(token);
    expect(await status()).toBe(STORE_STATUS.online);
  });
});
