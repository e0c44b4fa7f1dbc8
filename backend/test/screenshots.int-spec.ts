import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  DEFAULT_SCREEN,
  DEMO_FLEET,
  ERROR_CODE,
  latestScreenshotSchema,
  MEDIA_PORTAL_API,
  mediaFolderNameOf,
  SCREENSHOT_API,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_SOCKET,
  SCREENSHOT_TEXT,
  screenshotSchema,
  SIMULATOR_API,
  SITE_ERROR_CODE,
  USER_TYPE,
} from '@store-cloud/contracts';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { PNG } from './fixtures';
import { type ChildServer, startMediaServer, startSimulator, withOutputOf } from './processes';
import { connected, openTentacle } from './sockets';
import { storeStatus } from './store-status';
import { demoFleetAccess } from './users';

const COMPANY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
const FOLDER = mediaFolderNameOf(COMPANY.companyName, COMPANY.companyId);
const TAG = 'screens';
const PASSWORD = 'Screens-Pass-123';
const children: ChildServer[] = [];

/** Issue 32 item 3: the portal asks a real simulated store for a screenshot of its screen. */
describe('screenshots of a store’s screens', () => {
  let t: TestApp;
  let simulatorUrl: string;
  let mediaUrl: string;
  let dataDir: string;
  let admin: string;

  beforeAll(async () => {
    const mediaPort = await freePort();
    mediaUrl = `http://127.0.0.1:${mediaPort}`;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenshots-'));
    t = await createTestApp('screenshots', {
      config: { mediaServerUrl: mediaUrl, relayTimeoutMs: 1500 },
    });
    admin = await t.login(TEST_ADMIN);
    const media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    children.push(media);
    await media.ready;
    const simulator = await startSimulator({
      backendUrl: t.baseUrl,
      pingIntervalMs: 200,
      env: { MEDIA_POLL_INTERVAL_MS: '300', LOG_LEVEL: 'info' },
    });
    children.push(simulator);
    simulatorUrl = simulator.url;
    await simulator.ready;
    await withOutputOf(
      simulator,
      eventually(
        () => Promise.all([1, 2].map((s) => storeStatus(t.baseUrl, 101, s))),
        (all) => all.every((r) => r.status === 1),
      ),
    );
  });
  afterAll(async () => {
    for (const child of children.reverse()) await child.stop();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const take = (token: string, body: object) =>
    request(t.baseUrl).post(SCREENSHOT_API.take).set(ACCESS_TOKEN_HEADER, token).send(body);
  const latest = async (token: string, query: Record<string, string | number>) =>
    latestScreenshotSchema.parse(
      (
        await request(t.baseUrl)
          .get(SCREENSHOT_API.latest)
          .query(query)
          .set(ACCESS_TOKEN_HEADER, token)
          .expect(200)
      ).body,
    ).screenshot;
  const control = async (route: string, body?: object) => {
    const res = await fetch(`${simulatorUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status).toBe(200);
  };
  const imageOf = (dataUrl: string) =>
    Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

  it('has no screenshot of a screen before the first, then keeps the latest with its time', async () => {
    expect(await latest(admin, { companyId: 101, storeId: 1 })).toBeNull();

    const before = Date.now();
    const res = await take(admin, { companyId: 101, storeId: 1 }).expect(200);
    const shot = screenshotSchema.parse(res.body);
    expect(shot).toMatchObject({
      companyId: 101,
      storeId: 1,
      screen: DEFAULT_SCREEN,
      contentType: 'image/jpeg',
      width: 960,
      height: 540,
      showing: null,
      takenBy: TEST_ADMIN.username,
    });
    expect(Date.parse(shot.takenAt)).toBeGreaterThanOrEqual(before - 1000);
    const image = imageOf(shot.image);
    // A JPEG, within the limit.
    expect(image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(image.length).toBeLessThanOrEqual(SCREENSHOT_MAX_BYTES);

    expect(await latest(admin, { companyId: 101, storeId: 1 })).toEqual(shot);
    // Kept per store and screen: another screen and another store have none.
    expect(await latest(admin, { companyId: 101, storeId: 1, screen: 'window' })).toBeNull();
    expect(await latest(admin, { companyId: 101, storeId: 2 })).toBeNull();

    const next = screenshotSchema.parse(
      (await take(admin, { companyId: 101, storeId: 1 }).expect(200)).body,
    );
    expect(Date.parse(next.receivedAt)).toBeGreaterThanOrEqual(Date.parse(shot.receivedAt));
    expect(await latest(admin, { companyId: 101, storeId: 1 })).toEqual(next);
  });

  it('shows the file the store’s screen is showing', async () => {
    const portal = (method: 'post' | 'put', url: string) =>
      request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, admin);
    const mediaServer = (url: string) =>
      request(mediaUrl).post(url).set(ACCESS_TOKEN_HEADER, admin);
    await portal('post', MEDIA_PORTAL_API.addMediaFolders)
      .send({ companyId: 101, mediaFolderName: FOLDER, tagsList: [] })
      .expect(200);
    await portal('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: 101, newTag: TAG })
      .expect(200);
    await portal('put', MEDIA_PORTAL_API.saveTagChanges)
      .send({ companyId: 101, storeId: 1, tags: [TAG] })
      .expect(200);
    await mediaServer(`/mediaimage?dir=${FOLDER}`).attach('file', PNG, 'welcome.png').expect(200);
    await mediaServer('/mediafiles')
      .send({ directoryname: FOLDER, tag: TAG, files: ['welcome.png'] })
      .expect(200);

    // The store fetches its active media every 300 ms; then its screen shows the file.
    const shot = await eventually(
      async () =>
        screenshotSchema.parse(
          (await take(admin, { companyId: 101, storeId: 1 }).expect(200)).body,
        ),
      (s) => s.showing !== null,
    );
    expect(shot.showing).toBe(`${TAG}/welcome.png`);
    expect((await latest(admin, { companyId: 101, storeId: 1 }))?.showing).toBe(
      `${TAG}/welcome.png`,
    );
  });

  it('says so when the store is offline, and keeps the screenshot it had', async () => {
    await take(admin, { companyId: 101, storeId: 2, screen: 'window' }).expect(200);
    const kept = await latest(admin, { companyId: 101, storeId: 2, screen: 'window' });
    await control(SIMULATOR_API.storeOffline(101, 2));
    await eventually(
      () => storeStatus(t.baseUrl, 101, 2),
      (r) => r.status === 0,
    );
    const res = await take(admin, { companyId: 101, storeId: 2, screen: 'window' }).expect(409);
    expect(res.body).toMatchObject({
      code: SITE_ERROR_CODE.storeOffline,
      message: SCREENSHOT_TEXT.offline,
    });
    expect(await latest(admin, { companyId: 101, storeId: 2, screen: 'window' })).toEqual(kept);
    await control(SIMULATOR_API.storeOnline(101, 2));
    await eventually(
      () => storeStatus(t.baseUrl, 101, 2),
      (r) => r.status === 1,
    );
  });

  it('says so when the store does not answer in time', async () => {
    await control(SIMULATOR_API.storeSlow(101, 3), { delayMs: 5000 });
    try {
      const res = await take(admin, { companyId: 101, storeId: 3 }).expect(504);
      expect(res.body).toMatchObject({
        code: SITE_ERROR_CODE.storeTimeout,
        message: SCREENSHOT_TEXT.timeout,
      });
      expect(await latest(admin, { companyId: 101, storeId: 3 })).toBeNull();
    } finally {
      await control(SIMULATOR_API.storeSlow(101, 3), { delayMs: 0 });
    }
  });

  it('lets only users who may open the store ask or look', async () => {
    const username = 'screens-basic@storecloud.test';
    await t.createUser({
      username,
      password: PASSWORD,
      usertype: USER_TYPE.BASIC,
      access: demoFleetAccess([[101, [1]]]),
    });
    const basic = await t.login({ username, password: PASSWORD });
    expect((await latest(basic, { companyId: 101, storeId: 1 }))?.showing).toBe(
      `${TAG}/welcome.png`,
    );
    await take(basic, { companyId: 101, storeId: 1 }).expect(200);
    await take(basic, { companyId: 101, storeId: 2 }).expect(403);
    await request(t.baseUrl)
      .get(SCREENSHOT_API.latest)
      .query({ companyId: 101, storeId: 2 })
      .set(ACCESS_TOKEN_HEADER, basic)
      .expect(403);
    await take(basic, { companyId: 202, storeId: 1 }).expect(403);
  });

  it('passes on a store’s refusal, and refuses an answer over the size limit', async () => {
    const answers: unknown[] = [
      { ok: false, reason: 'The screen is switched off' },
      {
        ok: true,
        contentType: 'image/jpeg',
        image: Buffer.alloc(SCREENSHOT_MAX_BYTES + 3).toString('base64'),
        width: 960,
        height: 540,
        takenAt: new Date().toISOString(),
        showing: null,
      },
    ];
    const socket = openTentacle(t.baseUrl, { company: 909, store: 1, tentacleVersion: '1.0' });
    socket.on(SCREENSHOT_SOCKET.requestEvent, (_: unknown, ack: (r: unknown) => void) =>
      ack(answers.shift()),
    );
    try {
      await connected(socket);
      await eventually(
        () => storeStatus(t.baseUrl, 909, 1),
        (r) => r.status === 1,
      );
      const refused = await take(admin, { companyId: 909, storeId: 1 }).expect(502);
      expect(refused.body).toMatchObject({
        code: ERROR_CODE.upstreamRefused,
        message: SCREENSHOT_TEXT.refused('The screen is switched off'),
      });
      const tooLarge = await take(admin, { companyId: 909, storeId: 1 }).expect(502);
      expect(tooLarge.body).toMatchObject({ code: ERROR_CODE.upstreamInvalid });
      expect(await latest(admin, { companyId: 909, storeId: 1 })).toBeNull();
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a malformed screen name', async () => {
    await take(admin, { companyId: 101, storeId: 1, screen: '../etc' }).expect(400);
    await take(admin, { companyId: 101, storeId: 1, screen: '' }).expect(400);
  });
});
