// An OpenID Connect provider for the tests: node-oidc-provider (OpenID Certified), ESM-only, so
// it runs here in a process of its own. Its built-in development interactions serve the login
// page (any password; the login names the account). Settings come from the environment:
//   OIDC_TEST_ISSUER   its issuer URL (http://127.0.0.1:PORT); it listens on that port
//   OIDC_TEST_CLIENT   JSON {client_id, client_secret, redirect_uris}
//   OIDC_TEST_ACCOUNTS a JSON file {accountId: {email, groups, ...claims}}, read at every
//                      sign-in so a test can change an account's groups between two sign-ins
// It prints "listening" once it accepts connections.
import { readFileSync } from 'node:fs';
import Provider from 'oidc-provider';

const issuer = new URL(process.env.OIDC_TEST_ISSUER);
const client = JSON.parse(process.env.OIDC_TEST_CLIENT);
const accountsFile = process.env.OIDC_TEST_ACCOUNTS;

const provider = new Provider(issuer.href.replace(/\/$/, ''), {
  clients: [
    {
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: client.client_secret ? 'client_secret_basic' : 'none',
    },
  ],
  async findAccount(_ctx, id) {
    const account = JSON.parse(readFileSync(accountsFile, 'utf8'))[id];
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, email_verified: true, ...account }) };
  },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'groups'],
  },
  // A first-party client: no consent screen, only the login page.
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['oidc-provider-test-cookie-key-0123456789'] },
});

const server = provider.listen(Number(issuer.port), issuer.hostname, () => {
  process.stdout.write('listening\n');
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
