import { AUDIT_ACTION, SITE_ERROR_CODE, USER_TYPE } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { Clock } from '../../common/clock/clock';
import type { AuditService } from '../audit';
import type { CompanyCredentialsCipher, IntegrationCompaniesRepository } from '../companies';
import type { LiveStatusService } from '../live-status';
import type { PortalConnectionsRepository } from '../portal-connections';
import type { SiteCredentialsService } from '../site-credentials';
import { SiteLoginService } from './site-login.service';
import type { SiteTokenClaims, SiteTokenService } from './site-token.service';
import { SiteError } from './sites.errors';
import type { StoreLinkGateway } from './store-link.gateway';

const NOW = new Date('2030-06-01T12:00:00.000Z');
const body = { company: 7, store: 3 };

const ann: AuthenticatedUser = {
  id: 'u1',
  username: 'ann',
  usertype: USER_TYPE.BASIC,
  enabled: true,
  applications: [],
  access: { all: true, companies: [] },
  session: { id: 's1', gen: 2 },
};

/**
 * Ann's open connection (cid c1) to store 7/3, her own site credentials for it, a store that
 * answers the login with `answer` (or fails with it), and a Clock standing at NOW.
 */
function setUp(answer: boolean | Error) {
  let open = true;
  const requests: string[] = [];
  const touched: string[] = [];
  const signed: SiteTokenClaims[] = [];
  const audited: string[] = [];
  const connections = {
    get: async () => (open ? { user: 'ann', cid: 'c1' } : undefined),
    addLoginRequest: async (entry: { datetime: string }) => void requests.push(entry.datetime),
    removeLoginRequest: async () => void requests.pop(),
    touch: async (_c: number, _s: number, _cid: string, at: Date) => {
      touched.push(at.toISOString());
      return open;
    },
    close: async () => {
      const was = open;
      open = false;
      return was ? 1 : 0;
    },
  } as unknown as PortalConnectionsRepository;
  const tokens = {
    sign: async (claims: SiteTokenClaims) => {
      signed.push(claims);
      return { token: 'site-token', expires: NOW.toISOString() };
    },
  } as unknown as SiteTokenService;
  const link = {
    login: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as StoreLinkGateway;
  const siteCredentials = {
    resolve: async () => ({ username: 'clerk', password: 'secret' }),
  } as unknown as SiteCredentialsService;
  const integration = { findOne: async () => null } as unknown as IntegrationCompaniesRepository;
  const clock = { now: () => NOW } as Clock;
  const live = { changed: () => undefined } as unknown as LiveStatusService;
  const audit = {
    record: async (_actor: unknown, event: { action: string }) => void audited.push(event.action),
  } as unknown as AuditService;
  const service = new SiteLoginService(
    connections,
    tokens,
    link,
    siteCredentials,
    integration,
    {} as CompanyCredentialsCipher,
    clock,
    live,
    audit,
  );
  return { service, requests, touched, signed, audited, isOpen: () => open };
}

describe('SiteLoginService', () => {
  it('signs a site token for the connection and the portal session, at the clock’s time', async () => {
    const { service, requests, touched, signed, audited } = setUp(true);
    await expect(service.login(ann, body)).resolves.toEqual({
      success: true,
      token: 'site-token',
      expires: NOW.toISOString(),
    });
    expect(signed).toEqual([
      { sid: 's1', gen: 2, sub: 'u1', user: 'ann', company: 7, store: 3, cid: 'c1' },
    ]);
    expect(touched).toEqual([NOW.toISOString()]);
    expect(requests).toEqual([]);
    expect(audited).toEqual([AUDIT_ACTION.siteLogin]);
  });

  it('refuses a store the caller is not connected to', async () => {
    const { service } = setUp(true);
    await expect(service.login({ ...ann, username: 'bob' }, body)).rejects.toMatchObject({
      code: SITE_ERROR_CODE.notConnected,
    });
  });

  it('closes the connection when the store refuses the credentials', async () => {
    const { service, isOpen, audited } = setUp(false);
    await expect(service.login(ann, body)).rejects.toMatchObject({
      code: SITE_ERROR_CODE.siteLoginFailed,
    });
    expect(isOpen()).toBe(false);
    expect(audited).toEqual([]);
  });

  it('answers a store that does not answer as its timeout, and closes the connection', async () => {
    const { service, isOpen, requests } = setUp(SiteError.storeTimeout(7, 3));
    await expect(service.login(ann, body)).rejects.toMatchObject({
      code: SITE_ERROR_CODE.storeTimeout,
    });
    expect(isOpen()).toBe(false);
    expect(requests).toEqual([]);
  });

  it('uses the credentials sent before any stored ones', async () => {
    const { service } = setUp(true);
    await expect(
      service.resolveCredentials(ann, { ...body, username: 'typed', password: 'pw' }),
    ).resolves.toEqual({ username: 'typed', password: 'pw', source: 'request' });
    await expect(service.resolveCredentials(ann, body)).resolves.toMatchObject({
      username: 'clerk',
      source: 'user',
    });
  });
});
