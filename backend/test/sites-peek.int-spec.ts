import {
  errorBodySchema,
  SITE_API,
  SITE_ERROR_CODE,
  siteTokenInfoSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import { PortalConnectionsRepository } from '../src/modules/portal-connections/portal-connections.repository';
import { Clock } from '../src/common/clock/clock';
import { SessionsService } from '../src/modules/sessions/sessions.service';
import { SiteTokenService } from '../src/modules/sites/site-token.service';
import { createTestApp, type TestApp } from './create-app';

/**
 * The portal's ping loop asks GET /portal/sitetokeninfo?peek=true every 5 s: it must notice a
 * closed connection without keeping an idle one open (spec §4 ping loop, DESIGN §2.5).
 */
describe('site token peek', () => {
  let t: TestApp;
  let connections: PortalConnectionsRepository;
  let token: string;
  const LONG_AGO = '2020-01-01T00:00:00.000Z';
  const ref = { company: 909, store: 1, user: 'peek@storecloud.local' };

  beforeAll(async () => {
    t = await createTestApp('sites-peek', { seed: false });
    const user = await t.createUser({
      username: ref.user,
      password: 'Peek-Pass-123',
      access: { all: true, companies: [] },
    });
    connections = t.app.get(PortalConnectionsRepository);
    await connections.open({
      ...ref,
      lastAccessed: LONG_AGO,
      lastSeen: LONG_AGO,
      since: LONG_AGO,
      cid: 'cid-1',
    });
    // A site token names the portal session it was issued to (issue 23).
    const sessions = t.app.get(SessionsService);
    const session = { sub: user.id, ...(await sessions.prepare(user.id)) };
    await sessions.open(session, { expiresAt: new Date(Date.now() + 3_600_000) });
    ({ token } = await t.app
      .get(SiteTokenService)
      .sign({ sub: user.id, ...ref, cid: 'cid-1', sid: session.sid, gen: session.gen }));
  });
  afterAll(() => t?.close());

  const info = (query: Record<string, string>) =>
    request(t.baseUrl).get(SITE_API.siteTokenInfo).query(query);

  it('answers a peek without moving lastAccessed (only the heartbeat, lastSeen), and a plain check moves it', async () => {
    const peeked = siteTokenInfoSchema.parse(
      (await info({ token, peek: 'true' }).expect(200)).body,
    );
    expect(peeked).toMatchObject({ user: ref.user, company: ref.company, store: ref.store });
    const afterPeek = await connections.get(ref.company, ref.store);
    expect(afterPeek?.lastAccessed).toBe(LONG_AGO);
    expect(afterPeek?.lastSeen).not.toBe(LONG_AGO);

    await info({ token }).expect(200);
    expect((await connections.get(ref.company, ref.store))?.lastAccessed).not.toBe(LONG_AGO);
  });

  it('writes lastAccessed at most once a second per connection, and still refuses a closed one at once', async () => {
    // Moves the time of every Clock (the one Clock exists for), not the time of the process.
    const at = (iso: string) => jest.spyOn(Clock.prototype, 'now').mockReturnValue(new Date(iso));
    const lastAccessed = async () => (await connections.get(ref.company, ref.store))?.lastAccessed;
    try {
      at('2030-01-01T00:00:00.000Z');
      await info({ token }).expect(200);
      expect(await lastAccessed()).toBe('2030-01-01T00:00:00.000Z');
      at('2030-01-01T00:00:00.600Z');
      await info({ token }).expect(200);
      expect(await lastAccessed()).toBe('2030-01-01T00:00:00.000Z');
      at('2030-01-01T00:00:01.000Z');
      await info({ token }).expect(200);
      expect(await lastAccessed()).toBe('2030-01-01T00:00:01.000Z');

      // Within the second after a write, a closed connection is refused on the next call.
      await connections.close(ref.company, ref.store);
      at('2030-01-01T00:00:01.200Z');
      const body = errorBodySchema.parse((await info({ token }).expect(401)).body);
      expect(body.code).toBe(SITE_ERROR_CODE.connectionClosed);
    } finally {
      jest.restoreAllMocks();
      await connections.open({
        ...ref,
        lastAccessed: LONG_AGO,
        lastSeen: LONG_AGO,
        since: LONG_AGO,
        cid: 'cid-1',
      });
    }
  });

  it('refuses a peek once the connection is closed, with the connection-closed code', async () => {
    await connections.close(ref.company, ref.store);
    const body = errorBodySchema.parse((await info({ token, peek: 'true' }).expect(401)).body);
    expect(body.code).toBe(SITE_ERROR_CODE.connectionClosed);
  });
});
