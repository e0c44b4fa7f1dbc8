import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AlertRule, AlertRuleValues } from '@store-cloud/contracts';
import { isValidObjectId, type Model } from 'mongoose';
import { AlertRuleDoc } from './schemas/alert-rule.schema';

type RuleRow = AlertRuleDoc & { _id: unknown };

const toRule = (d: RuleRow): AlertRule => ({
  id: String(d._id),
  companyId: d.companyId,
  name: d.name,
  kinds: d.kinds,
  graceSeconds: d.graceSeconds,
  flapping: { transitions: d.flapping.transitions, minutes: d.flapping.minutes },
  staleBackupHours: d.staleBackupHours,
  mediaSharePercent: d.mediaSharePercent,
  notSeenDays: d.notSeenDays,
  quietHours: d.quietHours.map((w) => ({ days: w.days, from: w.from, to: w.to })),
  timeZone: d.timeZone,
  recipients: { emails: d.recipients.emails, webhookIds: d.recipients.webhookIds },
  delivery: d.delivery,
  enabled: d.enabled,
  createdAt: new Date(d.createdAt).toISOString(),
  updatedAt: new Date(d.updatedAt).toISOString(),
});

/** The alertrules collection. */
@Injectable()
export class AlertRulesRepository {
  constructor(@InjectModel(AlertRuleDoc.name) private readonly model: Model<AlertRuleDoc>) {}

  /** The rules of these companies (undefined: all), by company and name. */
  async list(companies?: number[]): Promise<AlertRule[]> {
    const filter = companies ? { companyId: { $in: companies } } : {};
    const rows = await this.model.find(filter).sort({ companyId: 1, name: 1 }).lean<RuleRow[]>();
    return rows.map(toRule);
  }

  /** Every enabled rule (the sweep reads them each round: a short collection). */
  async enabled(): Promise<AlertRule[]> {
    return (await this.model.find({ enabled: true }).lean<RuleRow[]>()).map(toRule);
  }

  async get(id: string): Promise<AlertRule | undefined> {
    if (!isValidObjectId(id)) return undefined;
    const row = await this.model.findById(id).lean<RuleRow>();
    return row ? toRule(row) : undefined;
  }

  async create(values: AlertRuleValues): Promise<AlertRule> {
    const created = await this.model.create(values);
    return toRule(created.toObject() as RuleRow);
  }

  async update(id: string, values: AlertRuleValues): Promise<AlertRule | undefined> {
    const row = await this.model
      .findByIdAndUpdate(id, { $set: values }, { returnDocument: 'after' })
      .lean<RuleRow>();
    return row ? toRule(row) : undefined;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.model.deleteOne({ _id: id })).deletedCount > 0;
  }
}
