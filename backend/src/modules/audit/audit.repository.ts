import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  AUDIT_MAX_REACHABLE,
  type AuditChange,
  type AuditEntryView,
  type AuditTargetType,
} from '@store-cloud/contracts';
import { createHash } from 'node:crypto';
import { Model, type QueryFilter, Types } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { AuditEntryDoc } from './schemas/audit-entry.schema';

export interface AuditEntry {
  actorId: string;
  actor: string;
  action: string;
  targetType: AuditTargetType;
  target: string;
  companies: number[];
  changes: AuditChange[];
  details?: Record<string, unknown>;
  at: Date;
}

/** What the Audit screen filters by; companies: the caller's scope (undefined: every entry). */
export interface AuditFilter {
  from?: Date;
  to?: Date;
  actor?: string;
  /** An action, or an area's prefix ending in '.'. */
  action?: string;
  company?: number;
  scope?: readonly number[];
}

/** A reported change's id as an ObjectId: the first 12 bytes of its SHA-256, the same every time. */
const objectIdOfEvent = (eventId: string) =>
  new Types.ObjectId(createHash('sha256').update(eventId).digest().subarray(0, 12));

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** auditlog: append-only (insert and read; there is deliberately no update or delete). */
@Injectable()
export class AuditRepository {
  constructor(@InjectModel(AuditEntryDoc.name) private readonly model: Model<AuditEntryDoc>) {}

  async insert(entry: AuditEntry): Promise<void> {
    await this.model.create(entry);
  }

  /**
   * Writes the entry unless one with its eventId exists (a replayed report); never touches an
   * existing entry. The entry's _id is derived from the eventId, so the database's own unique
   * _id refuses the replay: no lookup, which FerretDB would answer by reading every entry.
   */
  async insertOnce(entry: AuditEntry & { eventId: string }): Promise<void> {
    try {
      await this.model.create({ _id: objectIdOfEvent(entry.eventId), ...entry });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  /** The newest entries first, optionally for one target (tests and tools). */
  async list(filter: { target?: string; limit?: number } = {}): Promise<AuditEntry[]> {
    const docs = await this.model
      .find(filter.target ? { target: filter.target } : {})
      .sort({ at: -1, _id: -1 })
      .limit(filter.limit ?? 100)
      .lean()
      .exec();
    return docs.map((d) => ({ actorId: d.actorId, ...describedBy(d), at: d.at }));
  }

  private toQuery(filter: AuditFilter): QueryFilter<AuditEntryDoc> {
    const query: QueryFilter<AuditEntryDoc> = {};
    if (filter.from || filter.to)
      query.at = {
        ...(filter.from && { $gte: filter.from }),
        ...(filter.to && { $lte: filter.to }),
      };
    if (filter.actor) query.actor = filter.actor;
    if (filter.action)
      query.action = filter.action.endsWith('.')
        ? { $regex: `^${escapeRegex(filter.action)}` }
        : filter.action;
    const and: QueryFilter<AuditEntryDoc>[] = [];
    if (filter.company !== undefined) and.push({ companies: filter.company });
    if (filter.scope) {
      // Only entries all of whose companies lie within the caller's (none: platform-wide).
      and.push({ companies: { $in: [...filter.scope] } });
      and.push({ companies: { $not: { $elemMatch: { $nin: [...filter.scope] } } } });
    }
    if (and.length) query.$and = and;
    return query;
  }

  /** One page, newest first, and how many match (counted up to AUDIT_MAX_REACHABLE + 1). */
  async page(
    filter: AuditFilter,
    page: number,
    pageSize: number,
  ): Promise<{ entries: AuditEntryView[]; total: number }> {
    const query = this.toQuery(filter);
    const [docs, total] = await Promise.all([
      this.model
        .find(query)
        .sort({ at: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean()
        .exec(),
      this.model.countDocuments(query, { limit: AUDIT_MAX_REACHABLE + 1 }).exec(),
    ]);
    return {
      total,
      entries: docs.map((d) => ({
        id: String(d._id),
        at: d.at.toISOString(),
        ...describedBy(d),
      })),
    };
  }
}

/** What an entry says, as both readers answer it (entries written before issue 17 were users'). */
function describedBy(d: AuditEntryDoc) {
  return {
    actor: d.actor,
    action: d.action,
    targetType: d.targetType ?? 'user',
    target: d.target,
    companies: d.companies ?? [],
    changes: d.changes ?? [],
    ...(d.details ? { details: d.details } : {}),
  };
}
