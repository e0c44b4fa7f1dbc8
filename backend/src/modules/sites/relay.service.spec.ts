import {
  APP,
  MESSAGING_API,
  ERROR_CODE,
  SITE_ERROR_CODE,
  type SiteReply,
  storePathOf,
  type SiteRequest,
  USER_TYPE,
} from '@store-cloud/contracts';
import type { AuditService } from '../audit';
import type { TentaclesService } from '../tentacles';
import type { MessageQueueService } from './message-queue.service';
import { RelayService } from './relay.service';
import type { SiteCaller } from './site-auth.service';
import { SiteError } from './sites.errors';
import type { StoreLinkGateway } from './store-link.gateway';

const ref = { company: 7, store: 3 };

const caller = (applications: string[] = []): SiteCaller => ({
  sub: 'u1',
  user: 'ann',
  company: 7,
  store: 3,
  cid: 'c1',
  sid: 's1',
  gen: 0,
  exp: 0,
  principal: {
    id: 'u1',
    username: 'ann',
    usertype: USER_TYPE.BASIC,
    enabled: true,
    applications,
    access: { all: true, companies: [] },
  } as unknown as SiteCaller['principal'],
});

const call = (method: SiteRequest['method'], path: string): SiteRequest => ({
  method,
  path,
  query: {},
  body: method === 'GET' ? undefined : { text: 'hello' },
});

/** A store that answers `answer` (or fails with it), the held calls and the audit entries. */
function setUp({ online = true, answer }: { online?: boolean; answer: SiteReply | Error }) {
  const held: SiteRequest[] = [];
  const audited: { action: string; details?: { outcome?: string } }[] = [];
  const link = {
    request: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as StoreLinkGateway;
  const queue = {
    hold: async (_company: number, _store: number, request: SiteRequest) => {
      held.push(request);
      return { id: `q${held.length}` };
    },
  } as unknown as MessageQueueService;
  const tentacles = { isOnline: async () => online } as unknown as TentaclesService;
  const audit = {
    recordLater: (_actor: unknown, event: { action: string; details?: { outcome?: string } }) =>
      void audited.push(event),
  } as unknown as AuditService;
  return { relay: new RelayService(link, queue, tentacles, audit), held, audited };
}

const MESSAGE = storePathOf(MESSAGING_API.broadcastMessage);

describe('RelayService', () => {
  it('passes the store’s answer through', async () => {
    const { relay } = setUp({ answer: { status: 200, body: { pong: true } } });
    await expect(relay.relay(caller(), ref, call('GET', '/ping'))).resolves.toEqual({
      status: 200,
      body: { pong: true },
    });
  });

  it('refuses a token of another store', async () => {
    const { relay } = setUp({ answer: { status: 200, body: null } });
    await expect(
      relay.relay(caller(), { company: 7, store: 4 }, call('GET', '/ping')),
    ).rejects.toMatchObject({ status: 403, code: ERROR_CODE.forbidden });
  });

  it('holds a change for an offline store (202) but refuses a read', async () => {
    const { relay, held } = setUp({ online: false, answer: { status: 200, body: null } });
    await expect(relay.relay(caller(), ref, call('POST', '/stock'))).resolves.toMatchObject({
      status: 202,
      body: { queued: true },
    });
    await expect(relay.relay(caller(), ref, call('GET', '/stock'))).rejects.toMatchObject({
      code: SITE_ERROR_CODE.storeOffline,
    });
    expect(held.map((r) => r.method)).toEqual(['POST']);
  });

  it('holds a change when the store’s socket is gone on the way', async () => {
    const { relay, held } = setUp({ answer: SiteError.storeOffline(7, 3) });
    await expect(relay.relay(caller(), ref, call('PUT', '/stock'))).resolves.toMatchObject({
      status: 202,
    });
    expect(held).toHaveLength(1);
  });

  it('refuses the messenger to a user without Message Manager', async () => {
    const { relay } = setUp({ answer: { status: 200, body: null } });
    await expect(relay.relay(caller([]), ref, call('POST', MESSAGE))).rejects.toMatchObject({
      status: 403,
      code: ERROR_CODE.forbidden,
    });
  });

  it('audits a sent message whose answer timed out as of unknown outcome', async () => {
    const { relay, audited } = setUp({ answer: SiteError.storeTimeout(7, 3) });
    await expect(
      relay.relay(caller([APP.messageManager]), ref, call('POST', MESSAGE)),
    ).rejects.toMatchObject({ code: SITE_ERROR_CODE.outcomeUnknown });
    expect(audited.map((e) => e.details?.outcome)).toEqual(['unknown']);
  });

  it('answers a timed-out read as the store’s timeout', async () => {
    const { relay } = setUp({ answer: SiteError.storeTimeout(7, 3) });
    await expect(relay.requestStore(ref, call('GET', '/workstations'))).rejects.toMatchObject({
      code: SITE_ERROR_CODE.storeTimeout,
    });
  });
});
