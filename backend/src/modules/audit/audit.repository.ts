import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { AuditEntryDoc } from './schemas/audit-entry.schema';

export interface AuditEntry {
  actorId: string;
  actor: string;
  action: string;
  target: string;
  details?: Record<string, string | number | boolean>;
  at: Date;
}

@Injectable()
export class AuditRepository {
  constructor(@InjectModel(AuditEntryDoc.name) private readonly model: Model<AuditEntryDoc>) {}

  async insert(entry: AuditEntry): Promise<void> {
    await this.model.create(entry);
  }

  /** The newest entries first, optionally for one target. */
  async list(filter: { target?: string; limit?: number } = {}): Promise<AuditEntry[]> {
    const docs = await this.model
      .find(filter.target ? { target: filter.target } : {})
      .sort({ at: -1 })
      .limit(filter.limit ?? 100)
      .lean()
      .exec();
    return docs.map((d) => ({
      actorId: d.actorId,
      actor: d.actor,
      action: d.action,
      target: d.target,
      ...(d.details ? { details: d.details } : {}),
      at: d.at,
    }));
  }
}
