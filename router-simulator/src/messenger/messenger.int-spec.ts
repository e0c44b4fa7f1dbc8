import {
  broadcastResultSchema,
  buildSiteMessage,
  DEMO_FLEET,
  errorBodySchema,
  isPosOrBosWorkstation,
  logLevelResultSchema,
  MESSAGE_TYPE,
  MESSAGING_API,
  MESSAGING_STORE_PATH,
  messageHistorySchema,
  messengerQuery,
  OPERATION,
  SIMULATOR_API,
  SITE_API,
  simulatedMessengerSchema,
  sitePosMainParamsSchema,
  workstationsSchema,
} from '@store-cloud/contracts';
import { createLogger } from '@store-cloud/node-kit';
import request from 'supertest';
import { createApp } from '../app';
import { FleetState } from '../fleet/fleet-state';
import { StoreMessenger } from './store-messenger';

const COMPANY = DEMO_FLEET.companies[0]!;
const STORE = COMPANY.stores[1]!;
const api = (path: string) => `${SITE_API.relayPrefix}${path}`;

describe('a simulated store: workstations, POS main params and the messenger', () => {
  let state: FleetState;
  let app: ReturnType<typeof createApp>;
  const q = messengerQuery(COMPANY.companyId, STORE.storeId);
  /** The store's 200 answer to a relayed GET of path. */
  const storeAnswer = async (path: string): Promise<unknown> =>
    (
      await request(app)
        .get(api(path))
        .query({ c: COMPANY.companyId, s: STORE.storeId })
        .expect(200)
    ).body;

  beforeEach(() => {
    state = new FleetState(DEMO_FLEET);
    app = createApp(state, createLogger('silent', 'router-simulator'));
  });

  it('lists POS, BOS and other workstations, and answers its pole sign brand', async () => {
    const list = workstationsSchema.parse(await storeAnswer(MESSAGING_STORE_PATH.workstations));
    expect(list.map((w) => w.workstationType).sort()).toEqual(['BOS', 'KIOSK', 'POS', 'POS']);
    expect(list.filter(isPosOrBosWorkstation).map((w) => w.id)).toEqual(['POS1', 'POS2', 'BOS1']);
    const params = sitePosMainParamsSchema.parse(
      await storeAnswer(MESSAGING_STORE_PATH.sitePosMainParams),
    );
    expect(params.poleSignBrand).toBe(STORE.poleSignBrand);
    expect(params.poleSignBrand).not.toBe('');
  });

  it('records a valid message with the time it arrived and answers it in the history', async () => {
    const message = buildSiteMessage({
      type: MESSAGE_TYPE.prompt,
      content: 'Please count the tills',
      destinations: ['POS'],
      sites: [{ companyId: COMPANY.companyId, storeId: STORE.storeId }],
    });
    await request(app).post(MESSAGING_API.broadcastMessage).query(q).send(message).expect(200);
    const history = messageHistorySchema.parse(
      (await request(app).get(MESSAGING_API.messageHistory).query(q).expect(200)).body,
    );
    expect(history).toEqual([{ receivedAt: expect.any(String), message }]);
    const control = simulatedMessengerSchema.parse(
      (
        await request(app)
          .get(SIMULATOR_API.storeMessenger(COMPANY.companyId, STORE.storeId))
          .expect(200)
      ).body,
    );
    expect(control.history).toEqual(history);
    // Another store's messenger heard nothing.
    expect(state.messengerOf(COMPANY.companyId, 1)!.view().history).toEqual([]);
  });

  it('applies a message id once: a repeat answers the first receipt as a duplicate', async () => {
    const message = buildSiteMessage({
      type: MESSAGE_TYPE.message,
      content: 'Close at six',
      destinations: ['POS'],
      sites: [{ companyId: COMPANY.companyId, storeId: STORE.storeId }],
    });
    const send = async () =>
      broadcastResultSchema.parse(
        (await request(app).post(MESSAGING_API.broadcastMessage).query(q).send(message).expect(200))
          .body,
      );
    const first = await send();
    const again = await send();
    expect(first).toMatchObject({ success: true, id: message.id, duplicate: false });
    expect(again).toEqual({ ...first, duplicate: true });
    const history = state.messengerOf(COMPANY.companyId, STORE.storeId)!.view().history;
    expect(history.map((entry) => entry.message.id)).toEqual([message.id]);
  });

  it('remembers a bounded number of ids, the oldest forgotten first', () => {
    const messenger = new StoreMessenger(2);
    const [a, b, c] = ['A', 'B', 'C'].map((content) =>
      buildSiteMessage({
        type: MESSAGE_TYPE.message,
        content,
        destinations: ['POS'],
        sites: [{ companyId: COMPANY.companyId, storeId: STORE.storeId }],
      }),
    );
    for (const message of [a!, b!, c!]) expect(messenger.receive(message).duplicate).toBe(false);
    expect(messenger.receive(c!).duplicate).toBe(true);
    expect(messenger.receive(b!).duplicate).toBe(true);
    // A was the oldest of three with room for two: taken as new.
    expect(messenger.receive(a!).duplicate).toBe(false);
    expect(messenger.view().history.map((e) => e.message.payload.content)).toEqual([
      'A',
      'B',
      'C',
      'A',
    ]);
  });

  it('refuses a message that breaks the rules, naming the problem', async () => {
    const command = buildSiteMessage({
      type: MESSAGE_TYPE.command,
      content: OPERATION.signOff,
      destinations: ['BOS'],
      sites: [{ companyId: COMPANY.companyId, storeId: STORE.storeId }],
    });
    const res = await request(app)
      .post(MESSAGING_API.broadcastMessage)
      .query(q)
      .send(command)
      .expect(400);
    expect(errorBodySchema.parse(res.body).issues).toEqual([
      { path: 'destinations', message: 'BOS is not a destination for SignOff' },
    ]);
    await request(app)
      .post(MESSAGING_API.broadcastMessage)
      .query(q)
      .send({ text: 'hi' })
      .expect(400);
    expect(state.messengerOf(COMPANY.companyId, STORE.storeId)!.view().history).toEqual([]);
  });

  it('sets the log level for a period or permanently', async () => {
    const before = Date.now();
    const timed = logLevelResultSchema.parse(
      (
        await request(app)
          .post(MESSAGING_API.logLevel('Debug'))
          .query(messengerQuery(COMPANY.companyId, STORE.storeId, 30))
          .expect(200)
      ).body,
    );
    expect(timed).toMatchObject({ success: true, level: 'Debug' });
    const until = Date.parse(timed.until!);
    expect(until).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    const permanent = logLevelResultSchema.parse(
      (await request(app).post(MESSAGING_API.logLevel('Error')).query(q).expect(200)).body,
    );
    expect(permanent).toEqual({ success: true, level: 'Error', until: null });
    expect(state.messengerOf(COMPANY.companyId, STORE.storeId)!.view().logLevel).toEqual({
      level: 'Error',
      until: null,
    });

    await request(app).post(api('/loglevel/Verbose')).query(q).expect(400);
    await request(app)
      .post(MESSAGING_API.logLevel('Info'))
      .query({ ...q, for: 'soon' })
      .expect(400);
  });
});
