import {
  ACCESS_TOKEN_HEADER,
  APP,
  buildSiteMessage,
  DEMO_FLEET,
  errorBodySchema,
  isPosOrBosWorkstation,
  logLevelResultSchema,
  MESSAGE_TYPE,
  MESSAGING_API,
  messageDelivery,
  messageHistorySchema,
  messengerQuery,
  OPERATION,
  RELAY_TEXT,
  SEND_STATE,
  type SendState,
  sendMessageToSites,
  SIMULATOR_API,
  SITE_API,
  SITE_ERROR_CODE,
  SITE_SERVICE,
  SITE_TOKEN_HEADER,
  type SiteMessage,
  type SiteMessageTransport,
  simulatedMessagesSchema,
  simulatedMessengerSchema,
  siteKey,
  sitePosMainParamsSchema,
  systemStatusSchema,
  type TargetSite,
  USER_TYPE,
  workstationsSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { type ChildServer, startSimulator, withOutputOf } from './processes';
import { connectAndLogin } from './site-connection';
import { demoFleetAccess } from './users';

const storeOf = (companyId: number, storeId: number) => {
  const company = DEMO_FLEET.companies.find((c) => c.companyId === companyId)!;
  const store = company.stores.find((s) => s.storeId === storeId)!;
  return { company, store };
};
const target = (companyId: number, storeId: number): TargetSite => {
  const { company, store } = storeOf(companyId, storeId);
  return { companyId, companyName: company.companyName, storeId, storeName: store.storeName };
};

/** The Message screen's calls against a real backend and the real router simulator. */
describe('site messaging through the simulator', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let admin: string;

  beforeAll(async () => {
    // Short ping checks, so a store taken offline leaves the online ping list quickly.
    t = await createTestApp('messaging', {
      config: { tentacleCheckIntervalMs: 300, tentacleMaxMissedPings: 2 },
    });
    admin = await t.login(TEST_ADMIN);
    simulator = await startSimulator({
      backendUrl: t.baseUrl,
      pingIntervalMs: 100,
      env: { MEDIA_POLL_INTERVAL_MS: '0' },
    });
    await withOutputOf(
      simulator,
      eventually(onlineSites, (online) => online.size === 7),
    );
  });
  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  const get = (token: string, url: string) =>
    request(t.baseUrl).get(url).set(ACCESS_TOKEN_HEADER, token);
  const post = (token: string, url: string, body: object) =>
    request(t.baseUrl).post(url).set(ACCESS_TOKEN_HEADER, token).send(body);
  async function onlineSites(): Promise<Set<string>> {
    const status = systemStatusSchema.parse(
      (await get(admin, SITE_API.systemStatus).expect(200)).body,
    );
    return new Set(
      status.storePingList.map((p) =>
        siteKey({ companyId: p.enterprise.company, storeId: p.enterprise.store }),
      ),
    );
  }
  const simulated = async (route: string) => {
    const res = await fetch(`${simulator.url}${route}`, {
      method: route.endsWith('/offline') || route.endsWith('/online') ? 'POST' : 'GET',
    });
    expect(res.status).toBe(200);
    return res.json() as Promise<unknown>;
  };
  const messenger = async (c: number, s: number) =>
    simulatedMessengerSchema.parse(await simulated(SIMULATOR_API.storeMessenger(c, s)));

  async function userWith(
    name: string,
    options: { apps: string[]; companies: Array<[number, number[]]>; usertype?: string },
  ) {
    const password = 'Messaging-Pass-1';
    const user = await t.createUser({
      username: `${name}@messaging.test`,
      password,
      usertype: (options.usertype ?? USER_TYPE.BASIC) as typeof USER_TYPE.BASIC,
      applications: options.apps,
      access: demoFleetAccess(options.companies),
    });
    return t.login({ username: user.username, password });
  }

  /**
   * The portal's send loop over plain HTTP: siteconnect and sitelogin, the relayed call that
   * carries the message, closesiteconnection. Records each relayed call as the store got it.
   */
  function httpTransport(token: string): SiteMessageTransport & { calls: string[] } {
    const siteTokens = new Map<string, string>();
    const calls: string[] = [];
    return {
      calls,
      onlineSites,
      async connect(site) {
        const ref = { company: site.companyId, store: site.storeId };
        siteTokens.set(siteKey(site), await connectAndLogin(t.baseUrl, token, ref));
      },
      async deliver(site, message: SiteMessage) {
        const siteToken = siteTokens.get(siteKey(site))!;
        const delivery = messageDelivery(message);
        const period = delivery === 'logLevel' ? message.payload.logLevelTimePeriod : undefined;
        const query = messengerQuery(site.companyId, site.storeId, period);
        const path =
          delivery === 'logLevel'
            ? MESSAGING_API.logLevel(message.payload.logLevel!)
            : delivery === 'messageHistory'
              ? MESSAGING_API.messageHistory
              : MESSAGING_API.broadcastMessage;
        const call =
          delivery === 'messageHistory'
            ? request(t.baseUrl).get(path)
            : request(t.baseUrl)
                .post(path)
                .send(delivery === 'logLevel' ? {} : message);
        const res = await call.set(SITE_TOKEN_HEADER, siteToken).query(query);
        calls.push(`${path}?${new URLSearchParams(query).toString()} ${res.status}`);
        if (res.status !== 200) throw new Error(`store answered ${res.status}`);
      },
      async close(site) {
        await post(token, SITE_API.closeSiteConnection, {
          company: site.companyId,
          store: site.storeId,
        }).catch(() => undefined);
      },
    };
  }

  it('answers the workstations and POS main params of a store for Message Manager users with access', async () => {
    const list = workstationsSchema.parse(
      (await get(admin, `${MESSAGING_API.workstations}?c=101&s=2`).expect(200)).body,
    );
    expect(list.map((w) => w.workstationType)).toEqual(
      expect.arrayContaining(['POS', 'BOS', 'KIOSK']),
    );
    expect(list.filter(isPosOrBosWorkstation).map((w) => w.id)).toEqual(['POS1', 'POS2', 'BOS1']);
    const params = sitePosMainParamsSchema.parse(
      (await get(admin, `${MESSAGING_API.sitePosMainParams}?c=202&s=1`).expect(200)).body,
    );
    expect(params.poleSignBrand).toBe(storeOf(202, 1).store.poleSignBrand);

    const messageUser = await userWith('ws-user', {
      apps: [APP.messageManager],
      companies: [[101, [1, 2]]],
    });
    await get(messageUser, `${MESSAGING_API.workstations}?c=101&s=2`).expect(200);
    await get(messageUser, `${MESSAGING_API.sitePosMainParams}?c=202&s=1`).expect(403);
    const noApp = await userWith('ws-noapp', { apps: [], companies: [[101, [1, 2]]] });
    await get(noApp, `${MESSAGING_API.workstations}?c=101&s=2`).expect(403);
    await get(admin, `${MESSAGING_API.workstations}?c=101`).expect(400);
  });

  it('sends a message to three sites: two Sent Successfully, the offline one not sent; the two stores hold it', async () => {
    await simulated(SIMULATOR_API.storeOffline(101, 3));
    try {
      await eventually(onlineSites, (online) => !online.has('101-3'));
      await eventually(
        () => get(admin, `${MESSAGING_API.workstations}?c=101&s=3`).then((r) => r.status),
        (status) => status === 409,
      );
      const offline = await get(admin, `${MESSAGING_API.sitePosMainParams}?c=101&s=3`).expect(409);
      expect(errorBodySchema.parse(offline.body).code).toBe(SITE_ERROR_CODE.storeOffline);

      const sites = [target(101, 1), target(101, 3), target(202, 1)];
      const message = buildSiteMessage({
        type: MESSAGE_TYPE.message,
        content: 'Fuel delivery at 14:00',
        destinations: ['POS', 'BOS'],
        sites,
      });
      const seen: Array<[string, SendState]> = [];
      const results = await sendMessageToSites(
        sites,
        message,
        httpTransport(admin),
        (site, state) => seen.push([siteKey(site), state]),
      );
      expect(Object.fromEntries(results)).toEqual({
        '101-1': SEND_STATE.sent,
        '101-3': SEND_STATE.offline,
        '202-1': SEND_STATE.sent,
      });
      expect(seen.filter(([key]) => key === '202-1').map(([, state]) => state)).toEqual([
        SEND_STATE.connecting,
        SEND_STATE.connected,
        SEND_STATE.sending,
        SEND_STATE.sent,
      ]);
      for (const [c, s] of [
        [101, 1],
        [202, 1],
      ] as const) {
        expect((await messenger(c, s)).history.map((h) => h.message)).toContainEqual(message);
      }
      expect((await messenger(101, 3)).history.map((h) => h.message.id)).not.toContain(message.id);
      // Each connection was closed before the next site.
      const status = systemStatusSchema.parse(
        (await get(admin, SITE_API.systemStatus).expect(200)).body,
      );
      expect(status.portalConnectionsList.filter((c) => c.user === TEST_ADMIN.username)).toEqual(
        [],
      );
    } finally {
      await simulated(SIMULATOR_API.storeOnline(101, 3));
    }
  });

  it('switches the log level with a period (for=minutes) and permanently (no for)', async () => {
    const site = target(202, 2);
    const command = (level: 'Error' | 'Fatal', minutes: number) =>
      buildSiteMessage({
        type: MESSAGE_TYPE.command,
        content: OPERATION.switchLoggingLevel,
        destinations: ['POS', 'service', 'messenger'],
        sites: [site],
        logLevel: level,
        logLevelTimePeriod: minutes,
      });
    const transport = httpTransport(admin);

    const before = Date.now();
    const timed = await sendMessageToSites([site], command('Error', 15), transport, () => {});
    expect(timed.get('202-2')).toBe(SEND_STATE.sent);
    const afterTimed = await messenger(202, 2);
    expect(afterTimed.logLevel.level).toBe('Error');
    const until = Date.parse(afterTimed.logLevel.until!);
    expect(until).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000);

    const permanent = await sendMessageToSites([site], command('Fatal', 0), transport, () => {});
    expect(permanent.get('202-2')).toBe(SEND_STATE.sent);
    expect((await messenger(202, 2)).logLevel).toEqual({ level: 'Fatal', until: null });

    // What the store received: for= only with a period.
    const received = simulatedMessagesSchema
      .parse(await simulated(SIMULATOR_API.storeMessages(202, 2)))
      .filter((m) => m.path.startsWith('/loglevel/'));
    expect(received.map((m) => [m.path, m.query.for, m.query.d])).toEqual([
      ['/loglevel/Error', '15', 'em'],
      ['/loglevel/Fatal', undefined, 'em'],
    ]);
    expect(transport.calls).toEqual([
      expect.stringMatching(/^\/api\/v1\/loglevel\/Error\?.*for=15 200$/),
      expect.not.stringContaining('for='),
    ]);
  });

  it('answers the message history, shows a refused message as a send error, and keeps the messenger to Message Manager users', async () => {
    const site = target(101, 2);
    const prompt = buildSiteMessage({
      type: MESSAGE_TYPE.prompt,
      content: 'Close pump 4',
      destinations: ['POS'],
      sites: [site],
    });
    expect(
      (await sendMessageToSites([site], prompt, httpTransport(admin), () => {})).get('101-2'),
    ).toBe(SEND_STATE.sent);

    // A message the store's messenger refuses (BOS is never a command destination).
    const refused: SiteMessage = {
      ...buildSiteMessage({
        type: MESSAGE_TYPE.command,
        content: OPERATION.signOff,
        destinations: ['POS'],
        sites: [site],
      }),
      destinations: ['BOS'],
    };
    expect(
      (await sendMessageToSites([site], refused, httpTransport(admin), () => {})).get('101-2'),
    ).toBe(SEND_STATE.sendFailed);

    // The history as the relay answers it.
    const siteToken = await connectAndLogin(t.baseUrl, admin, { company: 101, store: 2 });
    const history = messageHistorySchema.parse(
      (
        await request(t.baseUrl)
          .get(MESSAGING_API.messageHistory)
          .set(SITE_TOKEN_HEADER, siteToken)
          .query(messengerQuery(101, 2))
          .expect(200)
      ).body,
    );
    expect(history.map((h) => h.message.id)).toEqual([prompt.id]);
    await post(admin, SITE_API.closeSiteConnection, { company: 101, store: 2 }).expect(200);

    // A user connected to the store without the Message Manager app reaches its services, not
    // its messenger.
    const noApp = await userWith('relay-noapp', { apps: [], companies: [[101, [2]]] });
    const noAppSiteToken = await connectAndLogin(t.baseUrl, noApp, { company: 101, store: 2 });
    await request(t.baseUrl)
      .get(SITE_API.ping)
      .set(SITE_TOKEN_HEADER, noAppSiteToken)
      .query({ c: 101, s: 2, d: SITE_SERVICE.serving })
      .expect(200);
    await request(t.baseUrl)
      .post(MESSAGING_API.broadcastMessage)
      .set(SITE_TOKEN_HEADER, noAppSiteToken)
      .query(messengerQuery(101, 2))
      .send(prompt)
      .expect(403);
    await request(t.baseUrl)
      .post(MESSAGING_API.logLevel('Debug'))
      .set(SITE_TOKEN_HEADER, noAppSiteToken)
      .query(messengerQuery(101, 2, 5))
      .expect(403);
    expect((await messenger(101, 2)).history.map((h) => h.message.id)).toEqual([prompt.id]);
    // One connection per store: the user without the app leaves it first.
    await post(noApp, SITE_API.siteLogout, { company: 101, store: 2 }).expect(200);
    // The log level answer as the relay passes it on.
    const withApp = await userWith('relay-app', {
      apps: [APP.messageManager],
      companies: [[101, [2]]],
    });
    const withAppToken = await connectAndLogin(t.baseUrl, withApp, { company: 101, store: 2 });
    const level = logLevelResultSchema.parse(
      (
        await request(t.baseUrl)
          .post(MESSAGING_API.logLevel('Info'))
          .set(SITE_TOKEN_HEADER, withAppToken)
          .query(messengerQuery(101, 2))
          .send({})
          .expect(200)
      ).body,
    );
    expect(level).toEqual({ success: true, level: 'Info', until: null });
    await post(withApp, SITE_API.siteLogout, { company: 101, store: 2 }).expect(200);
  });

  it('refuses or gates every other spelling of the messenger, and a body nested too deep (issue 23)', async () => {
    const received = async () =>
      simulatedMessagesSchema.parse(await simulated(SIMULATOR_API.storeMessages(101, 2)));
    const before = (await received()).length;
    const noApp = await userWith('relay-spellings', { apps: [], companies: [[101, [2]]] });
    const siteToken = await connectAndLogin(t.baseUrl, noApp, { company: 101, store: 2 });
    const relayed = (path: string, query: string) =>
      request(t.baseUrl)
        .post(`${SITE_API.relayPrefix}${path}?c=101&s=2${query}`)
        .set(SITE_TOKEN_HEADER, siteToken)
        .send({});
    const message = buildSiteMessage({
      type: MESSAGE_TYPE.prompt,
      content: 'Spelled otherwise',
      destinations: ['POS'],
      sites: [target(101, 2)],
    });
    for (const [path, query] of [
      ['/broadcastMessage;x=1', ''],
      ['/broadcastMessage%00', ''],
      ['/broadcast%20Message', ''],
      ['/broadcast%09Message', ''],
      ['/broadcastMessage.json', ''],
      ['/broadca%C5%BFtMessage', ''],
      ['/%25252562roadcastMessage', ''],
      ['/ping', '&d[]=em'],
      ['/ping', '&d=em%00'],
      ['/ping', '&d=%EF%BD%85%EF%BD%8D'],
      ['/ping', '&d=em&d=em'],
    ] as const) {
      const res = await relayed(path, query).send(message);
      expect([`${path}${query}`, [400, 403].includes(res.status)]).toEqual([
        `${path}${query}`,
        true,
      ]);
    }
    // A body nested thousands deep is refused at once, never sent to the store.
    // (Written as text: JSON.stringify itself overflows the stack on it.)
    const deep = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    const tooDeep = await request(t.baseUrl)
      .post(`${SITE_API.relayPrefix}/ping?c=101&s=2`)
      .set(SITE_TOKEN_HEADER, siteToken)
      .set('content-type', 'application/json')
      .send(deep);
    expect(tooDeep.status).toBe(400);
    expect(errorBodySchema.parse(tooDeep.body).message).toBe(RELAY_TEXT.bodyTooDeep);
    expect((await received()).length).toBe(before);
    await post(noApp, SITE_API.siteLogout, { company: 101, store: 2 }).expect(200);

    // With the app, the store gets the path the gate decided on, not the raw one.
    const withApp = await userWith('relay-spellings-app', {
      apps: [APP.messageManager],
      companies: [[101, [2]]],
    });
    const appToken = await connectAndLogin(t.baseUrl, withApp, { company: 101, store: 2 });
    await request(t.baseUrl)
      .post(`${SITE_API.relayPrefix}/broadcastMessage;x=1?c=101&s=2&d=em`)
      .set(SITE_TOKEN_HEADER, appToken)
      .send(message)
      .expect(200);
    const last = (await received()).at(-1)!;
    expect([last.path, last.query.d]).toEqual(['/broadcastMessage', 'em']);
    await post(withApp, SITE_API.siteLogout, { company: 101, store: 2 }).expect(200);
  });
});
