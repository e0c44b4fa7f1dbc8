import { Injectable, Logger } from '@nestjs/common';
import {
  AUDIT_MAX_REACHABLE,
  type AuditChange,
  type AuditPage,
  type AuditQuery,
  type AuditTargetType,
  hasCompanyInScope,
  stripAuditSecrets,
} from '@store-cloud/contracts';
import { isDeepStrictEqual } from 'node:util';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { ForbiddenError } from '@store-cloud/node-kit';
import { type AuditEntry, AuditRepository } from './audit.repository';

/** Who did it: the signed-in user of the request. */
export type AuditActor = Pick<AuthenticatedUser, 'id' | 'username'>;

/** The platform's own work (the schedule engine, a store's report): no person did it. */
export const PLATFORM_ACTOR: AuditActor = { id: 'platform', username: 'platform' };

/** What happened: the action, its target, the companies it concerns and what changed. */
export interface AuditEvent {
  action: string;
  targetType: AuditTargetType;
  target: string;
  companies?: readonly number[];
  /** The target's fields before the change (absent: created). */
  before?: object | null;
  /** The target's fields after it (absent: removed). */
  after?: object | null;
  /** Anything else worth knowing that is not a field of the target. */
  details?: Record<string, unknown>;
}

type Fields = Record<string, unknown>;

/** The fields whose value differs, each with before and after (secrets already stripped). */
export function changedFields(
  before: Fields | undefined,
  after: Fields | undefined,
): AuditChange[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChange[] = [];
  for (const field of [...names].sort()) {
    const b = before?.[field];
    const a = after?.[field];
    if (isDeepStrictEqual(b, a)) continue;
    changes.push({
      field,
      ...(b !== undefined ? { before: b } : {}),
      ...(a !== undefined ? { after: a } : {}),
    });
  }
  return changes;
}

/** JSON-shaped and secret-free (Dates become ISO strings, undefined fields vanish). */
const clean = (value: object | null | undefined): Fields | undefined =>
  value ? (stripAuditSecrets(JSON.parse(JSON.stringify(value))) as Fields) : undefined;

/**
 * Writes and reads the audit trail (DESIGN §3, issue 17 point 1). Called after a change
 * succeeded; a failure to write is logged, not thrown, because the change itself has happened
 * and must be reported so. Every secret-named field is stripped here, whatever the caller passes.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(private readonly repository: AuditRepository) {}

  async record(actor: AuditActor, event: AuditEvent): Promise<void> {
    try {
      const details = clean(event.details);
      await this.repository.insert({
        actorId: actor.id,
        actor: actor.username,
        action: event.action,
        targetType: event.targetType,
        target: event.target,
        companies: [...new Set(event.companies ?? [])],
        changes: changedFields(clean(event.before), clean(event.after)),
        ...(details && Object.keys(details).length ? { details } : {}),
        at: new Date(),
      });
    } catch (error) {
      this.logger.error(
        `Audit entry ${event.action} on ${event.target} not written: ${String(error)}`,
      );
    }
  }

  /** Fire and forget, for hot paths (the relay): the caller does not wait for the write. */
  recordLater(actor: AuditActor, event: AuditEvent): void {
    void this.record(actor, event);
  }

  list(filter?: { target?: string; limit?: number }): Promise<AuditEntry[]> {
    return this.repository.list(filter);
  }

  /** GET /portal/auditlog: ADMIN and SUPER-ADMIN; a company-limited one sees its companies'. */
  async query(caller: AuthenticatedUser, query: AuditQuery): Promise<AuditPage> {
    if (query.company !== undefined && !hasCompanyInScope(caller, query.company))
      throw new ForbiddenError('This company is outside your access');
    const { entries, total } = await this.repository.page(
      {
        ...(query.from ? { from: new Date(query.from) } : {}),
        ...(query.to ? { to: new Date(query.to) } : {}),
        ...(query.user ? { actor: query.user.toLowerCase() } : {}),
        ...(query.action ? { action: query.action } : {}),
        ...(query.company !== undefined ? { company: query.company } : {}),
        ...(caller.access.all ? {} : { scope: caller.access.companies.map((c) => c.companyId) }),
      },
      query.page,
      query.pageSize,
    );
    return {
      entries,
      page: query.page,
      pageSize: query.pageSize,
      total,
      totalCapped: total > AUDIT_MAX_REACHABLE,
    };
  }
}
