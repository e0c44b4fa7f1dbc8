import { Injectable } from '@nestjs/common';
import { type ApiTokenScope, AUDIT_ACTION, canUse, type UserAccess } from '@store-cloud/contracts';
import type { ApiTokenCall, ApiTokenPrincipals } from '../../common/auth/api-token-principals';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit';
import { MasterDataRepository } from '../master-data';
import { UsersRepository } from '../users';
import { hashApiToken } from './api-token-hash';
import { type ApiTokenRecord, ApiTokensRepository } from './api-tokens.repository';
import { ApiTokenError } from './api-tokens.errors';

/** lastUsedAt moves at most this often per token: a write a minute, not one per call. */
const TOUCH_EVERY_MS = 60_000;
/** Longer is not a token of ours; refused before any hashing or lookup. */
const TOKEN_MAX_LENGTH = 100;

/**
 * Who an API token acts for (issue 27 part 5), read from MongoDB on every call so a revocation
 * or an expiry refuses it at once on every node: its creator as the creator is now (disabled,
 * deleted or no longer an ADMIN: refused), narrowed to the token's companies; the routes it
 * reaches are its scopes (EntryGuard). Every call lands in the audit trail with its outcome.
 */
@Injectable()
export class ApiTokenPrincipalsService implements ApiTokenPrincipals {
  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly users: UsersRepository,
    private readonly masterData: MasterDataRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async principalOf(token: string, call: ApiTokenCall): Promise<AuthenticatedUser> {
    if (token.length > TOKEN_MAX_LENGTH) throw ApiTokenError.unauthenticated();
    const record = await this.tokens.findByHash(hashApiToken(token));
    if (!record) throw ApiTokenError.unauthenticated();
    const now = this.clock.now();
    const creator = await this.users.findById(record.createdById);
    if (creator) this.auditUse(record, creator, call);
    if (record.revokedAt || record.expiresAt <= now) {
      throw ApiTokenError.unauthenticated('API token revoked or expired');
    }
    if (!creator?.enabled || !canUse('apiTokens', creator)) throw ApiTokenError.unauthenticated();
    void this.tokens.touch(record.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
    return {
      id: creator.id,
      username: creator.username,
      usertype: creator.usertype,
      enabled: creator.enabled,
      applications: creator.applications,
      access: await this.narrowed(creator.access, record.companies),
      apiToken: {
        id: record.id,
        name: record.name,
        scopes: record.scopes as ApiTokenScope[],
      },
    };
  }

  /** The creator's access within the token's companies (never more than the creator has now). */
  private async narrowed(access: UserAccess, companies: 'all' | number[]): Promise<UserAccess> {
    if (companies === 'all') return access;
    if (!access.all) {
      return {
        all: false,
        companies: access.companies.filter((c) => companies.includes(c.companyId)),
      };
    }
    // An all-access creator: the named companies with every store they have now.
    const found = await this.masterData.companiesWithStores(companies);
    return {
      all: false,
      companies: found.map((c) => ({
        companyId: c.companyId,
        companyName: c.companyName,
        stores: c.stores.map((s) => ({
          storeId: s.storeId,
          storeName: s.storeName,
          enabled: true,
        })),
      })),
    };
  }

  /** One entry per call, written when the answer is sent, with its status. */
  private auditUse(
    record: ApiTokenRecord,
    creator: { id: string; username: string },
    call: ApiTokenCall,
  ): void {
    call.onFinish((status) =>
      this.audit.recordLater(creator, {
        action: AUDIT_ACTION.apiTokenUse,
        targetType: 'apiToken',
        target: record.name,
        companies: record.companies === 'all' ? [] : record.companies,
        details: {
          tokenId: record.id,
          method: call.method,
          route: call.routePath?.() ?? call.url.split('?')[0]!.slice(0, 200),
          status,
        },
      }),
    );
  }
}
