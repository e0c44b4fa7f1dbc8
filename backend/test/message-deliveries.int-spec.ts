import {
  ACCESS_TOKEN_HEADER,
  APP,
  buildSiteMessage,
  DELIVERY_STATE,
  DEMO_FLEET,
  failedSites,
  LIVE_STATUS,
  MESSAGE_DELIVERY_API,
  MESSAGE_DELIVERY_LABELS,
  MESSAGE_TYPE,
  MESSAGING_API,
  messageDelivery,
  messageDeliveryPageSchema,
  messageDeliverySchema,
  messengerQuery,
  OPERATION,
  SEND_STATE,
  sendAndRecord,
  SIMULATOR_API,
  SITE_API,
  SITE_TOKEN_HEADER,
  type SentMessage,
  type SiteMessage,
  type SiteMessageTransport,
  simulatedMessagesSchema,
  simulatedMessengerSchema,
  siteKey,
  STORE_STATUS,
  type TargetSite,
  USER_TYPE,
} from '@store-cloud/contracts';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { type ChildServer, startFleetFor } from './processes';
import { connectAndLogin } from './site-connection';
import { connected, openSocket } from './sockets';
import { storeStatus } from './store-status';
import { demoFleetAccess } from './users';

const target = (companyId: number, storeId: number): TargetSite => {
  const company = DEMO_FLEET.companies.find((c) => c.companyId === companyId)!;
  const store = company.stores.find((s) => s.storeId === storeId)!;
  return { companyId, companyName: company.companyName, storeId, storeName: store.storeName };
};
const text = (content: string, sites: TargetSite[]) =>
  buildSiteMessage({
    type: MESSAGE_TYPE.message,
    content,
    destinations: ['POS'],
    sites: sites.map(({ companyId, storeId }) => ({ companyId, storeId })),
  });

/**
 * The message delivery log (issue 17 point 2): the send loop of the portal, its outcomes
 * recorded, against a real backend, FerretDB, Redis and the router simulator.
 */
describe('message delivery log', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let admin: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp('message_deliveries', {
      // A short relay timeout, for a store that answers after it (outcome unknown).
      config: { tentacleCheckIntervalMs: 200, tentacleMaxMissedPings: 2, relayTimeoutMs: 1500 },
    });
    admin = await t.login(TEST_ADMIN);
    simulator = await startFleetFor(t.baseUrl, [
      [101, 1],
      [101, 2],
      [202, 1],
    ]);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await simulator?.stop();
    await t?.close();
  });

  const statusOf = async (c: number, s: number) => (await storeStatus(t.baseUrl, c, s)).status;
  const control = async (route: string) => {
    const res = await fetch(`${simulator.url}${route}`, { method: 'POST' });
    expect(res.status).toBe(200);
  };
  const goOffline = async (c: number, s: number) => {
    await control(SIMULATOR_API.storeOffline(c, s));
    await eventually(
      () => statusOf(c, s),
      (status) => status === STORE_STATUS.offline,
    );
  };
  const goOnline = async (c: number, s: number) => {
    await control(SIMULATOR_API.storeOnline(c, s));
    await eventually(
      () => statusOf(c, s),
      (status) => status !== STORE_STATUS.offline,
    );
  };
  const contentsAt = async (c: number, s: number) =>
    simulatedMessagesSchema
      .parse(await (await fetch(`${simulator.url}${SIMULATOR_API.storeMessages(c, s)}`)).json())
      .filter((m) => m.path === '/broadcastMessage')
      .map((m) => (m.body as { payload: { content: string } }).payload.content);
  /** What the store's messenger applied (its history): a repeated message id counts once. */
  const appliedAt = async (c: number, s: number) =>
    simulatedMessengerSchema
      .parse(await (await fetch(`${simulator.url}${SIMULATOR_API.storeMessenger(c, s)}`)).json())
      .history.map((e) => e.message.payload.content);
  const slow = async (c: number, s: number, delayMs: number) => {
    const res = await fetch(`${simulator.url}${SIMULATOR_API.storeSlow(c, s)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ delayMs }),
    });
    expect(res.status).toBe(200);
  };
  const get = (token: string, url: string) =>
    request(t.baseUrl).get(url).set(ACCESS_TOKEN_HEADER, token);
  const post = (token: string, url: string, body: object) =>
    request(t.baseUrl).post(url).set(ACCESS_TOKEN_HEADER, token).send(body);
  const delivery = async (token: string, id: string) =>
    messageDeliverySchema.parse(
      (await get(token, MESSAGE_DELIVERY_API.delivery(id)).expect(200)).body,
    );
  const states = (d: SentMessage) =>
    Object.fromEntries(d.sites.map((s) => [siteKey(s), [s.state, s.reason]]));

  async function userWith(name: string, apps: string[], companies: Array<[number, number[]?]>) {
    const password = 'Deliveries-Pass-1';
    const user = await t.createUser({
      username: `${name}@deliveries.test`,
      password,
      usertype: USER_TYPE.BASIC,
      applications: apps,
      access: demoFleetAccess(companies),
    });
    return t.login({ username: user.username, password });
  }

  /**
   * The portal's transport over plain HTTP. beforeDeliver runs between the site login and the
   * relayed call (a store dropping out mid-send).
   */
  function httpTransport(
    token: string,
    beforeDeliver: (site: TargetSite) => Promise<void> = async () => {},
  ): SiteMessageTransport {
    const siteTokens = new Map<string, string>();
    return {
      async onlineSites() {
        const all = await Promise.all(
          DEMO_FLEET.companies.flatMap((c) =>
            c.stores.map(async (s) => ({
              key: siteKey({ companyId: c.companyId, storeId: s.storeId }),
              status: await statusOf(c.companyId, s.storeId),
            })),
          ),
        );
        return new Set(all.filter((s) => s.status !== STORE_STATUS.offline).map((s) => s.key));
      },
      async connect(site) {
        const ref = { company: site.companyId, store: site.storeId };
        siteTokens.set(siteKey(site), await connectAndLogin(t.baseUrl, token, ref));
      },
      async deliver(site, message: SiteMessage) {
        await beforeDeliver(site);
        const history = messageDelivery(message) === 'messageHistory';
        const call = history
          ? request(t.baseUrl).get(MESSAGING_API.messageHistory)
          : request(t.baseUrl).post(MESSAGING_API.broadcastMessage).send(message);
        const res = await call
          .set(SITE_TOKEN_HEADER, siteTokens.get(siteKey(site))!)
          .query(messengerQuery(site.companyId, site.storeId));
        if (res.status >= 300)
          // With the error's code, as the portal's ApiError has it (OUTCOME_UNKNOWN).
          throw Object.assign(new Error(`The store answered ${res.status}`), {
            code: (res.body as { code?: string }).code,
          });
        return res.body as unknown;
      },
      async close(site) {
        await post(token, SITE_API.siteLogout, { company: site.companyId, store: site.storeId });
      },
    };
  }

  /** As the Sent Messages flow does it: record the send, run the loop, report each site. */
  async function send(
    token: string,
    sites: TargetSite[],
    message: SiteMessage,
    options: { resendOf?: string; beforeDeliver?: (site: TargetSite) => Promise<void> } = {},
  ) {
    const created = messageDeliverySchema.parse(
      (
        await post(token, MESSAGE_DELIVERY_API.deliveries, {
          message,
          sites,
          resendOf: options.resendOf,
        }).expect(201)
      ).body,
    );
    expect(created.sites.map((s) => s.state)).toEqual(sites.map(() => DELIVERY_STATE.pending));
    const results = await sendAndRecord(
      sites,
      message,
      httpTransport(token, options.beforeDeliver),
      () => {},
      async (outcome) => {
        await post(token, MESSAGE_DELIVERY_API.siteOutcome(created.id), outcome).expect(200);
      },
    );
    return { id: created.id, results };
  }

  it('records a message held for a store that dropped out, and shows it delivered later when the store returns', async () => {
    const live = openSocket(`${t.baseUrl}${LIVE_STATUS.namespace}`, { token: admin });
    sockets.push(live);
    await connected(live);
    let pushes = 0;
    live.on(LIVE_STATUS.deliveriesChangedEvent, () => pushes++);

    const sites = [target(101, 1), target(101, 2)];
    const { id, results } = await send(admin, sites, text('Held then delivered', sites), {
      beforeDeliver: async (site) => {
        if (site.storeId === 2) await goOffline(101, 2);
      },
    });
    // The loop saw both accepted (the relay took the held one: 202).
    expect([...results.values()]).toEqual([SEND_STATE.sent, SEND_STATE.sent]);
    expect(states(await delivery(admin, id))).toEqual({
      '101-1': [DELIVERY_STATE.sent, null],
      '101-2': [DELIVERY_STATE.held, null],
    });
    expect(await contentsAt(101, 2)).not.toContain('Held then delivered');
    await eventually(
      () => Promise.resolve(pushes),
      (n) => n >= 3,
    );

    const before = pushes;
    await goOnline(101, 2);
    await eventually(
      () => contentsAt(101, 2),
      (list) => list.includes('Held then delivered'),
    );
    // The outbox's outcome is pushed to the portals, and the log shows it.
    await eventually(
      () => Promise.resolve(pushes),
      (n) => n > before,
    );
    const after = await eventually(
      () => delivery(admin, id),
      (d) => d.sites[1]!.state === DELIVERY_STATE.deliveredLater,
    );
    expect(after.sites[1]!.at).not.toBeNull();
    const listed = messageDeliveryPageSchema.parse(
      (await get(admin, MESSAGE_DELIVERY_API.deliveries).expect(200)).body,
    );
    expect(listed.items[0]).toMatchObject({ id, user: TEST_ADMIN.username });
    expect(states(listed.items[0]!)['101-2']).toEqual([DELIVERY_STATE.deliveredLater, null]);
  });

  it('resends to the failed sites only: the offline store gets it on the resend', async () => {
    await goOffline(101, 4);
    const sites = [target(101, 1), target(101, 4)];
    const message = text('Resend me', sites);
    const first = await send(admin, sites, message);
    const failed = await delivery(admin, first.id);
    expect(states(failed)).toEqual({
      '101-1': [DELIVERY_STATE.sent, null],
      '101-4': [DELIVERY_STATE.failed, SEND_STATE.offline],
    });

    await goOnline(101, 4);
    const again = failedSites(failed);
    expect(again).toEqual([target(101, 4)]);
    const resend = await send(admin, again, message, { resendOf: first.id });
    const resent = await delivery(admin, resend.id);
    expect(resent.resendOf).toBe(first.id);
    expect((await delivery(admin, first.id)).resentBy).toBe(resend.id);
    expect(states(resent)).toEqual({ '101-4': [DELIVERY_STATE.sent, null] });
    expect((await contentsAt(101, 4)).filter((c) => c === 'Resend me')).toHaveLength(1);
    expect((await contentsAt(101, 1)).filter((c) => c === 'Resend me')).toHaveLength(1);
  });

  it('answers outcome unknown for a store that acknowledges after the relay timeout; the resend, with the same id, is applied once', async () => {
    const sites = [target(202, 1)];
    const message = text('Late answer', sites);
    const first = await send(admin, sites, message, {
      // Slowed after the site login, so only the message itself is answered late.
      beforeDeliver: () => slow(202, 1, 4000),
    });
    expect(first.results.get('202-1')).toBe(SEND_STATE.outcomeUnknown);
    const unknown = await delivery(admin, first.id);
    expect(unknown.sites[0]!.state).toBe(DELIVERY_STATE.unknown);
    expect(unknown.sites[0]!.reason).toMatch(new RegExp(`^${SEND_STATE.outcomeUnknown}`));
    // The store has it, though its answer came too late.
    await eventually(
      () => appliedAt(202, 1),
      (list) => list.includes('Late answer'),
    );

    await slow(202, 1, 0);
    expect(failedSites(unknown)).toEqual(sites);
    const resend = await send(admin, failedSites(unknown), message, { resendOf: first.id });
    expect(states(await delivery(admin, resend.id))).toEqual({
      '202-1': [DELIVERY_STATE.sent, null],
    });
    // Received twice, applied once: the store knew the id.
    expect((await contentsAt(202, 1)).filter((c) => c === 'Late answer')).toHaveLength(2);
    expect((await appliedAt(202, 1)).filter((c) => c === 'Late answer')).toHaveLength(1);
  });

  it('sends a resend once: of two at once one is recorded, the other refused; an already sent site or another message is refused', async () => {
    await goOffline(101, 3);
    const sites = [target(101, 1), target(101, 3)];
    const message = text('Resend once', sites);
    const first = await send(admin, sites, message);
    expect(states(await delivery(admin, first.id))['101-3']![0]).toBe(DELIVERY_STATE.failed);
    await goOnline(101, 3);

    const resend = (body: object) =>
      post(admin, MESSAGE_DELIVERY_API.deliveries, {
        message,
        sites: [target(101, 3)],
        resendOf: first.id,
        ...body,
      });
    // Not the message of the send, or a site it reached: refused before any claim.
    await resend({ message: text('Resend once', sites) }).expect(400);
    await resend({ sites: [target(101, 1)] }).expect(409);

    const answers = await Promise.all([resend({}), resend({})]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({ message: MESSAGE_DELIVERY_LABELS.alreadyResent });
    const created = messageDeliverySchema.parse(answers.find((a) => a.status === 201)!.body);
    expect((await delivery(admin, first.id)).resentBy).toBe(created.id);
    const all = messageDeliveryPageSchema.parse(
      (await get(admin, `${MESSAGE_DELIVERY_API.deliveries}?pageSize=100`).expect(200)).body,
    );
    expect(all.items.filter((d) => d.resendOf === first.id)).toHaveLength(1);
    // Sent Messages' search (issue 30): by the message's words or the sender, from 3 characters.
    const search = async (term: string) =>
      messageDeliveryPageSchema.parse(
        (
          await get(
            admin,
            `${MESSAGE_DELIVERY_API.deliveries}?pageSize=100&search=${encodeURIComponent(term)}`,
          ).expect(200)
        ).body,
      ).items;
    expect((await search('rESEND ON')).map((d) => d.message.payload.content)).toEqual([
      'Resend once',
      'Resend once',
    ]);
    expect(await search('no such words (.*)')).toEqual([]);
    expect((await search('Re')).length).toBe(all.items.length);
    // Later, too: a send is resent once.
    await resend({}).expect(409);
  });

  it("shows a site's MessageHistory answer", async () => {
    const sites = [target(202, 1)];
    const history = buildSiteMessage({
      type: MESSAGE_TYPE.command,
      content: OPERATION.messageHistory,
      destinations: ['messenger'],
      sites: [{ companyId: 202, storeId: 1 }],
    });
    await send(admin, sites, text('Before the history', sites));
    const { id } = await send(admin, sites, history);
    const shown = await delivery(admin, id);
    expect(shown.sites[0]!.state).toBe(DELIVERY_STATE.sent);
    expect(shown.sites[0]!.result?.map((e) => e.message.payload.content)).toContain(
      'Before the history',
    );
  });

  it('is for Message Manager users, each seeing its own companies’ sites', async () => {
    const sites = [target(101, 1), target(202, 1)];
    const { id } = await send(admin, sites, text('Two companies', sites));

    const of101 = await userWith('of101', [APP.messageManager], [[101]]);
    const shown = await delivery(of101, id);
    expect(shown.sites.map(siteKey)).toEqual(['101-1']);
    const page = messageDeliveryPageSchema.parse(
      (await get(of101, `${MESSAGE_DELIVERY_API.deliveries}?page=1&pageSize=50`).expect(200)).body,
    );
    expect(page.items.every((d) => d.sites.every((s) => s.companyId === 101))).toBe(true);

    const of303 = await userWith('of303', [APP.messageManager], [[303]]);
    await get(of303, MESSAGE_DELIVERY_API.delivery(id)).expect(404);
    const noApp = await userWith('noapp', [], [[101]]);
    await get(noApp, MESSAGE_DELIVERY_API.deliveries).expect(403);
    // Only stores one may open; only the sender reports; each site once.
    await post(of101, MESSAGE_DELIVERY_API.deliveries, {
      message: text('Not mine', [target(202, 1)]),
      sites: [target(202, 1)],
    }).expect(403);
    const outcome = { companyId: 101, storeId: 1, state: DELIVERY_STATE.failed, reason: 'x' };
    await post(of101, MESSAGE_DELIVERY_API.siteOutcome(id), outcome).expect(403);
    await post(admin, MESSAGE_DELIVERY_API.siteOutcome(id), outcome).expect(409);
    await get(admin, MESSAGE_DELIVERY_API.delivery('not-an-id')).expect(400);
    await get(admin, `${MESSAGE_DELIVERY_API.deliveries}?pageSize=0`).expect(400);
  });
});
