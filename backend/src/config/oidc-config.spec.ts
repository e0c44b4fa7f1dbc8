import { ConfigError } from '@store-cloud/node-kit';
import { loadBackendConfig } from './env.schema';

const SECRET = 'x'.repeat(32);
const BASE = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/storecloud',
  JWT_SECRET: SECRET,
  TENTACLE_SECRET: SECRET,
};
const SSO = {
  ...BASE,
  OIDC_ISSUER: 'https://login.example.com/tenant/v2.0',
  OIDC_CLIENT_ID: 'portal',
  OIDC_REDIRECT_URI: 'https://portal.example.com/portallogin/sso/callback',
};

const variablesOf = (env: Record<string, string>) => {
  try {
    loadBackendConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.variables;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('OIDC_* (single sign-on)', () => {
  it('is off without OIDC_ISSUER', () => {
    expect(loadBackendConfig(BASE).oidc).toBeUndefined();
  });

  it('reads the settings with their defaults', () => {
    expect(loadBackendConfig({ ...SSO, OIDC_ROLE_MAP: 'admins=ADMIN:*' }).oidc).toEqual({
      issuer: SSO.OIDC_ISSUER,
      clientId: 'portal',
      clientSecret: undefined,
      redirectUri: SSO.OIDC_REDIRECT_URI,
      scopes: 'openid email profile',
      groupsClaim: 'groups',
      roleMap: [{ group: 'admins', usertype: 'ADMIN', all: true, companies: [] }],
      label: 'single sign-on',
      passwordLogin: false,
    });
  });

  it.each([
    [{ ...SSO, OIDC_CLIENT_ID: '' }, ['OIDC_CLIENT_ID']],
    [{ ...SSO, OIDC_REDIRECT_URI: '' }, ['OIDC_REDIRECT_URI']],
    [{ ...SSO, OIDC_ISSUER: 'http://idp.example.com' }, ['OIDC_ISSUER']],
    [{ ...SSO, OIDC_REDIRECT_URI: 'https://portal.example.com/callback' }, ['OIDC_REDIRECT_URI']],
    [{ ...SSO, OIDC_ROLE_MAP: 'admins=BOSS' }, ['OIDC_ROLE_MAP']],
  ])('refuses %p naming the variable', (env, variables) => {
    expect(variablesOf(env)).toEqual(variables);
  });

  it('takes plain http to this machine (a provider run by the tests)', () => {
    expect(loadBackendConfig({ ...SSO, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
  });
});
