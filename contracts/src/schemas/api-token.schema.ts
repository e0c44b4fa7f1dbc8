import { z } from 'zod';
import type { MenuEntry } from '../permissions';

/**
 * API tokens for integrations (issue 27 part 5): a name, scopes, companies and an expiry; the
 * token itself is shown once, `Authorization: Bearer sc_…`, and stored only as its SHA-256.
 */
export const API_TOKEN_API = {
  /** GET: the tokens the caller may see; POST: a new token, answered with the token once. */
  list: '/portal/apitokens',
  /** DELETE: revokes a token at once, on every node. */
  revoke: '/portal/apitokens/{id}',
} as const;

export const apiTokenPath = (id: string) =>
  API_TOKEN_API.revoke.replace('{id}', encodeURIComponent(id));

/** Every API token starts so, which tells it apart from a portal JWT in the Authorization header. */
export const API_TOKEN_PREFIX = 'sc_';

/**
 * The screens (and the calls behind them) a token may be given. Never the profile, the About box
 * or the API tokens screen itself: a token cannot mint tokens or act as a person.
 */
export const API_TOKEN_SCOPES = [
  'home',
  'status',
  'message',
  'media',
  'sqlbackup',
  'alerts',
  'audit',
  'users',
  'companies',
  'alertRules',
  'webhooks',
  'backup',
] as const satisfies readonly MenuEntry[];
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What each scope reads on the API tokens screen. */
export const API_TOKEN_SCOPE_LABEL: Record<ApiTokenScope, string> = {
  home: 'Stores (Home)',
  status: 'Status',
  message: 'Send messages',
  media: 'Media',
  sqlbackup: 'SQL backups',
  alerts: 'Alerts',
  audit: 'Audit trail',
  users: 'Users (admin)',
  companies: 'Companies (admin)',
  alertRules: 'Alert rules (admin)',
  webhooks: 'Webhooks (admin)',
  backup: 'System backup (admin)',
};

/** Days a token lives: a year at most, so a forgotten token ends by itself. */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_DEFAULT_DAYS = 90;

export const createApiTokenSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(80, 'At most 80 characters'),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1, 'Choose at least one scope')
    .max(API_TOKEN_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  /** all: the creator's companies, as they are at each use; else these companies only. */
  companies: z.union([
    z.literal('all'),
    z.array(z.number().int().positive()).min(1, 'Choose at least one company').max(1000),
  ]),
  expiresInDays: z
    .number()
    .int()
    .min(1, 'At least 1 day')
    .max(API_TOKEN_MAX_DAYS, `At most ${API_TOKEN_MAX_DAYS} days`),
});
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

export const apiTokenIdParamsSchema = z.object({ id: z.string().regex(/^[a-f0-9]{24}$/) });

/** A token as lists show it: never the token or its hash. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the token, to tell tokens apart (`sc_AbCd…`). */
  hint: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  companies: z.union([z.literal('all'), z.array(z.number().int())]),
  createdBy: z.string(),
  /** ISO times; lastUsedAt moves at most once a minute. */
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

/** POST's answer: the only time the token is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const API_TOKENS_TEXT = {
  heading: 'API tokens',
  intro:
    'Tokens let your own tools call the platform with the header Authorization: Bearer sc_…, limited to the scopes and companies you choose.',
  loading: 'Loading tokens…',
  empty: 'No API tokens',
  loadFailed: 'Failed to load API tokens',
  create: 'New token',
  name: 'Name',
  scopes: 'Scopes',
  companies: 'Companies',
  allCompanies: 'All my companies',
  expiresInDays: 'Expires after (days)',
  submit: 'Create token',
  created: 'Token created',
  createFailed: 'Failed to create the token',
  shownOnce: 'Copy the token now: it is shown only once.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Failed to copy the token',
  done: 'Done',
  cancel: 'Cancel',
  hint: 'Token',
  createdBy: 'Created by',
  createdAt: 'Created',
  expiresAt: 'Expires',
  lastUsed: 'Last used',
  never: 'Never',
  revoked: 'Revoked',
  expired: 'Expired',
  revoke: 'Revoke',
  confirmRevoke: 'Revoke this token? Tools using it stop working at once.',
  revokeDone: 'Token revoked',
  revokeFailed: 'Failed to revoke the token',
  /** A token presented where its scopes do not reach. */
  outOfScope: 'This API token does not reach this call',
} as const;
