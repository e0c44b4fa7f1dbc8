import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Webhook, WebhookValues } from '@store-cloud/contracts';
import { isValidObjectId, type Model, Types } from 'mongoose';
import { WebhookDoc } from './schemas/webhook.schema';

type Row = WebhookDoc & { _id: Types.ObjectId };

/** A webhook with its sealed secret, as only the sender and the service see it. */
export type StoredWebhook = Webhook & { secretSealed: string };

const toStored = (d: Row): StoredWebhook => ({
  id: String(d._id),
  companyId: d.companyId,
  name: d.name,
  url: d.url,
  events: d.events,
  format: d.format,
  enabled: d.enabled,
  createdAt: new Date(d.createdAt).toISOString(),
  updatedAt: new Date(d.updatedAt).toISOString(),
  secretSealed: d.secretSealed,
});

/** Without the secret: what the API answers. */
export const toWebhook = ({ secretSealed: _, ...webhook }: StoredWebhook): Webhook => webhook;

/** The webhooks collection. */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectModel(WebhookDoc.name) private readonly model: Model<WebhookDoc>) {}

  /** A fresh id, so the secret can be sealed to it before the record is written. */
  newId(): string {
    return new Types.ObjectId().toHexString();
  }

  /** The webhooks of these companies (undefined: all), by company and name. */
  async list(companies?: number[]): Promise<StoredWebhook[]> {
    const filter = companies ? { companyId: { $in: companies } } : {};
    const rows = await this.model.find(filter).sort({ companyId: 1, name: 1 }).lean<Row[]>();
    return rows.map(toStored);
  }

  async get(id: string): Promise<StoredWebhook | undefined> {
    if (!isValidObjectId(id)) return undefined;
    const row = await this.model.findById(id).lean<Row>();
    return row ? toStored(row) : undefined;
  }

  /** These webhooks, if they belong to the company. */
  async ofCompany(companyId: number, ids: readonly string[]): Promise<StoredWebhook[]> {
    const valid = ids.filter((id) => isValidObjectId(id));
    if (!valid.length) return [];
    const rows = await this.model.find({ _id: { $in: valid }, companyId }).lean<Row[]>();
    return rows.map(toStored);
  }

  async create(id: string, values: WebhookValues, secretSealed: string): Promise<StoredWebhook> {
    const created = await this.model.create({ _id: id, ...values, secretSealed });
    return toStored(created.toObject() as Row);
  }

  async update(id: string, values: WebhookValues): Promise<StoredWebhook | undefined> {
    const row = await this.model
      .findByIdAndUpdate(id, { $set: values }, { returnDocument: 'after' })
      .lean<Row>();
    return row ? toStored(row) : undefined;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.model.deleteOne({ _id: id })).deletedCount > 0;
  }
}
