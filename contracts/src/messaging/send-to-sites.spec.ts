import { SITE_ERROR_CODE } from '../schemas/site.schema';
import { DELIVERY_STATE, type DeliverySiteOutcome, sendAndRecord } from './message-deliveries';
import { buildSiteMessage, SEND_STATE } from './messaging';
import {
  sendMessageToSites,
  siteKey,
  type SiteMessageTransport,
  type TargetSite,
} from './send-to-sites';

const site = (storeId: number): TargetSite => ({
  companyId: 7,
  companyName: 'Acme',
  storeId,
  storeName: `S${storeId}`,
});

describe('sendMessageToSites (spec §4 send view)', () => {
  it('goes one site at a time, skips offline ones, and closes each connection before the next', async () => {
    const calls: string[] = [];
    const transport: SiteMessageTransport = {
      onlineSites: async () => new Set(['7-1', '7-3', '7-4']),
      connect: async (s) => {
        calls.push(`connect ${siteKey(s)}`);
        if (s.storeId === 4) throw new Error('refused');
      },
      deliver: async (s) => {
        calls.push(`deliver ${siteKey(s)}`);
        if (s.storeId === 3) throw new Error('store said no');
      },
      close: async (s) => {
        calls.push(`close ${siteKey(s)}`);
      },
    };
    const states: string[] = [];
    const message = buildSiteMessage({
      type: 'Message',
      content: 'hi',
      destinations: ['POS'],
      sites: [],
    });
    const results = await sendMessageToSites(
      [site(1), site(2), site(3), site(4)],
      message,
      transport,
      (s, state) => states.push(`${s.storeId}:${state}`),
    );
    expect(calls).toEqual([
      'connect 7-1',
      'deliver 7-1',
      'close 7-1',
      'connect 7-3',
      'deliver 7-3',
      'close 7-3',
      'connect 7-4',
      'close 7-4',
    ]);
    expect([...results.values()]).toEqual([
      SEND_STATE.sent,
      SEND_STATE.offline,
      SEND_STATE.sendFailed,
      SEND_STATE.connectFailed,
    ]);
    expect(states.slice(0, 4)).toEqual([
      '1:Connecting',
      '1:Connected',
      '1:Sending',
      '1:Sent Successfully',
    ]);
  });

  it('records a send the store did not acknowledge in time as outcome unknown, not failed', async () => {
    const transport: SiteMessageTransport = {
      onlineSites: async () => new Set(['7-1', '7-2']),
      connect: async () => {},
      deliver: async (s) => {
        const error = new Error('late');
        if (s.storeId === 1) throw Object.assign(error, { code: SITE_ERROR_CODE.outcomeUnknown });
        throw Object.assign(error, { code: SITE_ERROR_CODE.storeTimeout });
      },
      close: async () => {},
    };
    const message = buildSiteMessage({
      type: 'Message',
      content: 'hi',
      destinations: ['POS'],
      sites: [],
    });
    const recorded: DeliverySiteOutcome[] = [];
    const results = await sendAndRecord(
      [site(1), site(2)],
      message,
      transport,
      () => {},
      async (outcome) => {
        recorded.push(outcome);
      },
    );
    expect([...results.values()]).toEqual([SEND_STATE.outcomeUnknown, SEND_STATE.sendFailed]);
    expect(recorded.map((o) => o.state)).toEqual([DELIVERY_STATE.unknown, DELIVERY_STATE.failed]);
  });
});
