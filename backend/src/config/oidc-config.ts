import { ConfigError, ENV_FIELD } from '@store-cloud/node-kit';
import { z } from 'zod';
import { type OidcRoleRule, parseOidcRoleMap } from './oidc-role-map';

/** Treats an empty variable (as `.env` files write them) like an unset one. */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** https, or plain http to this machine only (a provider run by the tests or a developer). */
const isIssuerUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
};

/** The single sign-on variables (docs/security.md "Single sign-on"), spread into envSchema. */
export const OIDC_ENV = {
  OIDC_ISSUER: optionalText
    .pipe(
      z
        .string()
        .refine(isIssuerUrl, 'must be an https:// URL (http:// only to localhost)')
        .optional(),
    )
    .describe(
      'Single sign-on with OpenID Connect: the provider\'s issuer URL (https; http only to localhost); empty: off. Settings per provider: docs/security.md "Single sign-on"',
    ),
  OIDC_CLIENT_ID: optionalText.describe(
    "The portal's client id at the provider (required with `OIDC_ISSUER`)",
  ),
  OIDC_CLIENT_SECRET: optionalText.describe(
    'Its client secret; empty: a public client (PKCE only)',
  ),
  OIDC_REDIRECT_URI: optionalText
    .pipe(
      z
        .url({ error: 'must be an http(s) URL', protocol: /^https?$/ })
        .refine(
          (v) => new URL(v).pathname === '/portallogin/sso/callback',
          'must be the portal address followed by /portallogin/sso/callback',
        )
        .optional(),
    )
    .describe(
      "The portal's address followed by `/portallogin/sso/callback`, as registered at the provider (required with `OIDC_ISSUER`)",
    ),
  OIDC_SCOPES: z
    .string()
    .trim()
    .default('openid email profile')
    .describe('Scopes asked of the provider'),
  OIDC_GROUPS_CLAIM: z
    .string()
    .trim()
    .min(1)
    .default('groups')
    .describe(
      'The claim `OIDC_ROLE_MAP` reads: a list, or one value (Google Workspace: `hd`, the domain)',
    ),
  OIDC_ROLE_MAP: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => {
      const rules = parseOidcRoleMap(v);
      if (typeof rules === 'string') {
        ctx.addIssue({ code: 'custom', message: rules });
        return z.NEVER;
      }
      return rules;
    })
    .describe(
      'Group claim value to user type and companies: `group=TYPE`, `group=TYPE:*` (all) or `group=TYPE:101,102`, rules separated by `;`; nothing maps: the user is created disabled',
    ),
  OIDC_LABEL: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .default('single sign-on')
    .describe('The login button says "Sign in with" this'),
  OIDC_PASSWORD_LOGIN: ENV_FIELD.flag(false).describe(
    '`true` lets single sign-on users also log in with a password an administrator set',
  ),
};

type OidcEnv = z.output<z.ZodObject<typeof OIDC_ENV>>;

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE only, token endpoint auth none). */
  clientSecret?: string;
  /** This portal's /portallogin/sso/callback as the provider knows it. */
  redirectUri: string;
  scopes: string;
  groupsClaim: string;
  roleMap: OidcRoleRule[];
  label: string;
  /** SSO users may also log in with a local password (default: no). */
  passwordLogin: boolean;
}

/** Single sign-on's settings; undefined when OIDC_ISSUER is unset (single sign-on off). */
export function oidcConfig(e: OidcEnv): OidcConfig | undefined {
  if (!e.OIDC_ISSUER) return undefined;
  const missing = (['OIDC_CLIENT_ID', 'OIDC_REDIRECT_URI'] as const).filter((name) => !e[name]);
  if (missing.length) {
    throw new ConfigError(
      missing,
      `Invalid configuration:\n${missing.map((name) => `  ${name}: is required when OIDC_ISSUER is set`).join('\n')}`,
    );
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET,
    redirectUri: e.OIDC_REDIRECT_URI!,
    scopes: e.OIDC_SCOPES,
    groupsClaim: e.OIDC_GROUPS_CLAIM,
    roleMap: e.OIDC_ROLE_MAP,
    label: e.OIDC_LABEL,
    passwordLogin: e.OIDC_PASSWORD_LOGIN,
  };
}
