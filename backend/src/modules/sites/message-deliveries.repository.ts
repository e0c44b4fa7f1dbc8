import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  DELIVERY_STATE,
  type DeliveryState,
  type SentMessage,
  type MessageDeliverySite,
  messageHistorySchema,
  type SiteMessage,
  siteMessageSchema,
  SEARCH_MIN_LENGTH,
  type TargetSite,
} from '@store-cloud/contracts';
import { Model, Types } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import {
  MessageDeliveryDoc,
  MessageDeliverySiteDoc,
  MessageResendDoc,
} from './schemas/message-delivery.schema';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type StoredDelivery = MessageDeliveryDoc & { _id: Types.ObjectId };
type StoredSite = MessageDeliverySiteDoc & { _id: Types.ObjectId };

/** A site's stored outcome, with the outbox record it waits on when held. */
export type DeliverySiteRecord = MessageDeliverySite & { outboxId?: string };
export type DeliveryRecord = Omit<SentMessage, 'sites'> & {
  companies: number[];
  sites: DeliverySiteRecord[];
};

export interface SiteUpdate {
  state: DeliveryState;
  at: Date;
  reason?: string;
  outboxId?: string;
  result?: unknown;
}

function toSite(d: StoredSite): DeliverySiteRecord {
  return {
    companyId: d.companyId,
    companyName: d.companyName,
    storeId: d.storeId,
    storeName: d.storeName,
    state: d.state,
    reason: d.reason ?? null,
    at: d.at?.toISOString() ?? null,
    result: d.result ? messageHistorySchema.parse(JSON.parse(d.result)) : null,
    ...(d.outboxId ? { outboxId: d.outboxId } : {}),
  };
}

/** The message delivery log: a delivery and its sites (a collection of their own). */
@Injectable()
export class MessageDeliveriesRepository {
  constructor(
    @InjectModel(MessageDeliveryDoc.name) private readonly deliveries: Model<MessageDeliveryDoc>,
    @InjectModel(MessageDeliverySiteDoc.name)
    private readonly sites: Model<MessageDeliverySiteDoc>,
    @InjectModel(MessageResendDoc.name) private readonly resends: Model<MessageResendDoc>,
  ) {}

  /** How many sites of all deliveries are in each state: the deliveries gauge. */
  async countSitesByState(): Promise<Record<keyof typeof DELIVERY_STATE, number>> {
    const states = Object.entries(DELIVERY_STATE) as [keyof typeof DELIVERY_STATE, DeliveryState][];
    const counts = await Promise.all(
      states.map(([, state]) => this.sites.countDocuments({ state }).exec()),
    );
    return Object.fromEntries(states.map(([key], i) => [key, counts[i]!])) as Record<
      keyof typeof DELIVERY_STATE,
      number
    >;
  }

  /** A fresh delivery id, for a resend claimed before its delivery is written. */
  newId(): string {
    return new Types.ObjectId().toHexString();
  }

  /** Claims the one resend of delivery `id` for `resend`; false when it was already claimed. */
  async claimResend(id: string, resend: string): Promise<boolean> {
    try {
      await this.resends.create({
        _id: new Types.ObjectId(id),
        resend: new Types.ObjectId(resend),
      });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async create(input: {
    id?: string;
    message: SiteMessage;
    user: string;
    sites: readonly TargetSite[];
    resendOf?: string;
  }): Promise<DeliveryRecord> {
    const doc = await this.deliveries.create({
      ...(input.id ? { _id: new Types.ObjectId(input.id) } : {}),
      message: JSON.stringify(input.message),
      user: input.user,
      companies: [...new Set(input.sites.map((s) => s.companyId))],
      resendOf: input.resendOf,
    });
    await this.sites.insertMany(
      input.sites.map((site, order) => ({
        delivery: doc._id,
        order,
        companyId: site.companyId,
        companyName: site.companyName,
        storeId: site.storeId,
        storeName: site.storeName,
        state: DELIVERY_STATE.pending,
      })),
    );
    return (await this.find(doc._id.toHexString()))!;
  }

  async find(id: string): Promise<DeliveryRecord | undefined> {
    const doc = await this.deliveries.findById(id).lean<StoredDelivery>().exec();
    if (!doc) return undefined;
    return (await this.withSites([doc]))[0];
  }

  /**
   * Newest first; companies: only deliveries to one of these (undefined: all); search (from
   * SEARCH_MIN_LENGTH characters): only those whose sender or message text contains it.
   */
  async page(
    companies: number[] | undefined,
    page: number,
    pageSize: number,
    search?: string,
  ): Promise<{ items: DeliveryRecord[]; total: number }> {
    const term = search && search.length >= SEARCH_MIN_LENGTH ? search : undefined;
    // The message is stored as JSON text: a plain substring of it is a substring of its content.
    const contains = term && { $regex: escapeRegex(term), $options: 'i' };
    const filter = {
      ...(companies ? { companies: { $in: companies } } : {}),
      ...(contains ? { $or: [{ user: contains }, { message: contains }] } : {}),
    };
    const [docs, total] = await Promise.all([
      this.deliveries
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<StoredDelivery[]>()
        .exec(),
      this.deliveries.countDocuments(filter).exec(),
    ]);
    return { items: await this.withSites(docs), total };
  }

  /** Sets a site's outcome if it is still in state `from`; false when it was not. */
  async updateSite(
    id: string,
    site: { companyId: number; storeId: number },
    from: DeliveryState,
    update: SiteUpdate,
  ): Promise<boolean> {
    const { modifiedCount } = await this.sites
      .updateOne(
        { delivery: new Types.ObjectId(id), ...site, state: from },
        {
          $set: {
            state: update.state,
            at: update.at,
            ...(update.reason === undefined ? {} : { reason: update.reason }),
            ...(update.outboxId === undefined ? {} : { outboxId: update.outboxId }),
            ...(update.result === undefined ? {} : { result: JSON.stringify(update.result) }),
          },
        },
      )
      .exec();
    return modifiedCount > 0;
  }

  private async withSites(docs: StoredDelivery[]): Promise<DeliveryRecord[]> {
    const ids = docs.map((d) => d._id);
    const [sites, resends] = await Promise.all([
      this.sites
        .find({ delivery: { $in: ids } })
        .sort({ order: 1 })
        .lean<StoredSite[]>()
        .exec(),
      this.resends
        .find({ _id: { $in: ids } })
        .lean<Array<MessageResendDoc & { _id: Types.ObjectId }>>()
        .exec(),
    ]);
    const resentBy = new Map(resends.map((r) => [r._id.toHexString(), r.resend.toHexString()]));
    return docs.map((d) => ({
      id: d._id.toHexString(),
      message: siteMessageSchema.parse(JSON.parse(d.message)),
      user: d.user,
      createdAt: d.createdAt.toISOString(),
      resendOf: d.resendOf ?? null,
      resentBy: resentBy.get(d._id.toHexString()) ?? null,
      companies: d.companies,
      sites: sites.filter((s) => s.delivery.equals(d._id)).map(toSite),
    }));
  }
}
