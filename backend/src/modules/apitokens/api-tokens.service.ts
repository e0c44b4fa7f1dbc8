import { Injectable } from '@nestjs/common';
import {
  type ApiToken,
  AUDIT_ACTION,
  canUse,
  type CreateApiToken,
  type CreatedApiToken,
  hasCompanyInScope,
  type Success,
  USER_TYPE,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit';
import { newApiToken } from './api-token-hash';
import { type ApiTokenRecord, ApiTokensRepository } from './api-tokens.repository';
import { ApiTokenError } from './api-tokens.errors';

const DAY_MS = 86_400_000;

const viewOf = (t: ApiTokenRecord): ApiToken => ({
  id: t.id,
  name: t.name,
  hint: t.hint,
  scopes: t.scopes as ApiToken['scopes'],
  companies: t.companies,
  createdBy: t.createdBy,
  createdAt: t.createdAt.toISOString(),
  expiresAt: t.expiresAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  revokedAt: t.revokedAt?.toISOString() ?? null,
});

const auditedFields = (t: ApiTokenRecord) => ({
  name: t.name,
  scopes: t.scopes,
  companies: t.companies,
  expiresAt: t.expiresAt,
});

/**
 * The API tokens screen (issue 27 part 5): an ADMIN makes, lists and revokes its own tokens, a
 * SUPER-ADMIN sees and revokes everyone's. A token never gets more than its maker has.
 */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async create(user: AuthenticatedUser, input: CreateApiToken): Promise<CreatedApiToken> {
    const missing = input.scopes.filter((scope) => !canUse(scope, user));
    if (missing.length) {
      throw ApiTokenError.forbidden(
        `You cannot give a scope you do not have: ${missing.join(', ')}`,
      );
    }
    if (input.companies !== 'all') {
      const outside = input.companies.filter((c) => !hasCompanyInScope(user, c));
      if (outside.length) {
        throw ApiTokenError.forbidden(`Not your companies: ${outside.join(', ')}`);
      }
    }
    const now = this.clock.now();
    const { token, hash, hint } = newApiToken();
    const record = await this.tokens.create({
      name: input.name,
      hash,
      hint,
      scopes: input.scopes,
      companies:
        input.companies === 'all' ? 'all' : [...new Set(input.companies)].sort((a, b) => a - b),
      createdById: user.id,
      createdBy: user.username,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      lastUsedAt: null,
      revokedAt: null,
    });
    await this.audit.record(user, {
      action: AUDIT_ACTION.apiTokenCreate,
      targetType: 'apiToken',
      target: record.name,
      companies: record.companies === 'all' ? [] : record.companies,
      after: auditedFields(record),
      details: { tokenId: record.id },
    });
    return { ...viewOf(record), token };
  }

  async list(user: AuthenticatedUser): Promise<ApiToken[]> {
    const all = await this.tokens.list(this.seesAll(user) ? undefined : user.id);
    return all.map(viewOf);
  }

  async revoke(user: AuthenticatedUser, id: string): Promise<Success> {
    const token = await this.tokens.findById(id);
    // Another ADMIN's token is as good as missing: its existence is not the caller's business.
    if (!token || (!this.seesAll(user) && token.createdById !== user.id)) {
      throw ApiTokenError.notFound('API token not found');
    }
    if (await this.tokens.revoke(id, this.clock.now())) {
      await this.audit.record(user, {
        action: AUDIT_ACTION.apiTokenRevoke,
        targetType: 'apiToken',
        target: token.name,
        companies: token.companies === 'all' ? [] : token.companies,
        before: auditedFields(token),
        details: { tokenId: token.id },
      });
    }
    return { success: true };
  }

  private seesAll(user: AuthenticatedUser): boolean {
    return user.usertype === USER_TYPE.SUPER_ADMIN && user.access.all;
  }
}
