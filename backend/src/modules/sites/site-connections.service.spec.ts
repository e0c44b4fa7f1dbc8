import {
  AUDIT_ACTION,
  ERROR_CODE,
  HOME_TEXT,
  SITE_ERROR_CODE,
  STORE_STATUS,
  USER_TYPE,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { Clock } from '../../common/clock/clock';
import type { AuditService } from '../audit';
import type { LiveStatusService } from '../live-status';
import type { PortalConnectionsRepository, StoredConnection } from '../portal-connections';
import type { TentaclesService } from '../tentacles';
import { SiteConnectionsService } from './site-connections.service';

const NOW = new Date('2030-06-01T12:00:00.000Z');

const user = (username: string, companies: number[] | 'all'): AuthenticatedUser => ({
  id: `id-${username}`,
  username,
  usertype: USER_TYPE.ADMIN,
  enabled: true,
  applications: [],
  access:
    companies === 'all'
      ? { all: true, companies: [] }
      : {
          all: false,
          companies: companies.map((companyId) => ({ companyId, companyName: 'C', stores: [] })),
        },
});

/**
 * The connections in memory (one per store, as the Redis hash keeps them), a store status per
 * store, a Clock standing at NOW, and the audit entries and live pushes written.
 */
function setUp({ offline = [] as string[] } = {}) {
  const held = new Map<string, StoredConnection>();
  // The connections an administrator closed: their holder is told so, not "inactivity".
  const closedByAdmin = new Set<string>();
  const key = (company: number, store: number) => `${company}/${store}`;
  const connections = {
    get: async (company: number, store: number) => held.get(key(company, store)),
    open: async (c: StoredConnection) => {
      const current = held.get(key(c.company, c.store));
      if (current && current.user !== c.user) return { opened: false, heldBy: current };
      held.set(key(c.company, c.store), c);
      return { opened: true };
    },
    close: async (company: number, store: number, only: { user?: string } = {}) => {
      const current = held.get(key(company, store));
      if (!current || (only.user && current.user !== only.user)) return 0;
      held.delete(key(company, store));
      return 1;
    },
    list: async () => [...held.values()],
    loginRequests: async () => [],
    noteClosedByAdmin: async (cid: string) => void closedByAdmin.add(cid),
  } as unknown as PortalConnectionsRepository;
  const tentacles = {
    statusOf: async (company: number, store: number) => ({
      status: offline.includes(key(company, store)) ? STORE_STATUS.offline : STORE_STATUS.online,
    }),
    list: async () => [],
  } as unknown as TentaclesService;
  const clock = { now: () => NOW } as Clock;
  let pushes = 0;
  const live = { changed: () => (pushes += 1) } as unknown as LiveStatusService;
  const audited: { action: string; target?: string; before?: unknown }[] = [];
  const audit = {
    record: async (_actor: unknown, event: { action: string; target?: string; before?: unknown }) =>
      void audited.push(event),
  } as unknown as AuditService;
  const service = new SiteConnectionsService(connections, tentacles, clock, live, audit);
  return { service, held, audited, closedByAdmin, pushes: () => pushes };
}

describe('SiteConnectionsService', () => {
  const ref = { company: 7, store: 3 };

  it('opens the connection at the clock’s time and audits the connect', async () => {
    const { service, held, audited, pushes } = setUp();
    await expect(service.connect(user('ann', [7]), ref)).resolves.toEqual({ success: true });
    expect(held.get('7/3')).toMatchObject({
      user: 'ann',
      since: NOW.toISOString(),
      lastAccessed: NOW.toISOString(),
      lastSeen: NOW.toISOString(),
    });
    expect(audited).toEqual([expect.objectContaining({ action: AUDIT_ACTION.siteConnect })]);
    expect(pushes()).toBe(1);
  });

  it('takes over the caller’s own connection with a new cid, audited as a takeover', async () => {
    const { service, held, audited } = setUp();
    await service.connect(user('ann', [7]), ref);
    const first = held.get('7/3')!.cid;
    await service.connect(user('ann', [7]), ref);
    expect(held.get('7/3')!.cid).not.toBe(first);
    expect(audited.map((e) => e.action)).toEqual([
      AUDIT_ACTION.siteConnect,
      AUDIT_ACTION.siteTakeover,
    ]);
  });

  it('refuses a store another user holds, with the spec’s text', async () => {
    const { service, audited } = setUp();
    await service.connect(user('ann', [7]), ref);
    const refused = service.connect(user('bob', [7]), ref);
    await expect(refused).rejects.toMatchObject({ status: 409, code: ERROR_CODE.conflict });
    await expect(refused).rejects.toThrow(HOME_TEXT.cannotConnect('connected'));
    expect(audited).toHaveLength(1);
  });

  it('refuses an offline store and opens nothing', async () => {
    const { service, held } = setUp({ offline: ['7/3'] });
    await expect(service.connect(user('ann', [7]), ref)).rejects.toMatchObject({
      code: SITE_ERROR_CODE.storeOffline,
    });
    expect(held.size).toBe(0);
  });

  it('audits a logout only when the caller held the connection', async () => {
    const { service, audited } = setUp();
    await service.connect(user('ann', [7]), ref);
    await expect(service.logout(user('bob', [7]), ref)).resolves.toEqual({ success: false });
    await expect(service.logout(user('ann', [7]), ref)).resolves.toEqual({ success: true });
    expect(audited.map((e) => e.action)).toEqual([
      AUDIT_ACTION.siteConnect,
      AUDIT_ACTION.siteLogout,
    ]);
  });

  it('closes another user’s connection and audits who held it', async () => {
    const { service, held, audited, closedByAdmin } = setUp();
    await service.connect(user('ann', [7]), ref);
    const cid = held.get('7/3')?.cid;
    expect(cid).toEqual(expect.any(String));
    await expect(service.closeConnection(user('admin', 'all'), ref)).resolves.toEqual({
      success: true,
    });
    expect(held.size).toBe(0);
    expect([...closedByAdmin]).toEqual([cid]);
    expect(audited[1]).toMatchObject({
      action: AUDIT_ACTION.siteClose,
      target: '7/3',
      before: { connectedBy: 'ann' },
    });
  });

  it('lists only the connections of the caller’s companies', async () => {
    const { service } = setUp();
    await service.connect(user('ann', [7]), ref);
    await service.connect(user('bob', [8]), { company: 8, store: 1 });
    const seen = await service.listConnections(user('limited', [8]));
    expect(seen.map((c) => c.user)).toEqual(['bob']);
  });
});
