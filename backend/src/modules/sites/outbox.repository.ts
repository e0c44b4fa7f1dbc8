import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  OUTBOX_STATE,
  type OutboxState,
  type SiteRequest,
  siteRequestSchema,
  storeKey,
} from '@store-cloud/contracts';
import { Model, type Types } from 'mongoose';
import { OutboxMessageDoc } from './schemas/outbox-message.schema';

/** A held call as the outbox records it. */
export interface OutboxMessage {
  id: string;
  company: number;
  store: number;
  request: SiteRequest;
  state: OutboxState;
  attempts: number;
  claimedUntil?: Date;
  createdAt: Date;
  deliveredAt?: Date;
  replyStatus?: number;
  lastError?: string;
}

const OPEN: OutboxState[] = [OUTBOX_STATE.held, OUTBOX_STATE.delivering];
/** Oldest first; the id breaks ties of one millisecond. */
const IN_ORDER = { createdAt: 1, _id: 1 } as const;

type Stored = OutboxMessageDoc & { _id: Types.ObjectId };

function toMessage(d: Stored): OutboxMessage {
  return {
    id: d._id.toHexString(),
    company: d.company,
    store: d.store,
    request: siteRequestSchema.parse({
      method: d.method,
      path: d.path,
      query: JSON.parse(d.query) as unknown,
      body: d.body === undefined ? undefined : (JSON.parse(d.body) as unknown),
      user: d.user || undefined,
    }),
    state: d.state,
    attempts: d.attempts,
    claimedUntil: d.claimedUntil,
    createdAt: d.createdAt,
    deliveredAt: d.deliveredAt,
    replyStatus: d.replyStatus,
    lastError: d.lastError,
  };
}

/**
 * The outbox of calls held for offline stores (MongoDB is their only home). A delivery claims a
 * message with a conditional update, so two nodes never send the same one at once, and a claim
 * whose node died runs out (claimedUntil) and may be taken again: at least once, never silently
 * lost.
 */
@Injectable()
export class OutboxRepository {
  constructor(
    @InjectModel(OutboxMessageDoc.name) private readonly model: Model<OutboxMessageDoc>,
  ) {}

  /** Messages still to be delivered (held or being delivered): the held-messages gauge. */
  countOpen(): Promise<number> {
    return this.model.countDocuments({ state: { $in: OPEN } }).exec();
  }

  async add(company: number, store: number, request: SiteRequest): Promise<OutboxMessage> {
    const doc = await this.model.create({
      company,
      store,
      method: request.method,
      path: request.path,
      query: JSON.stringify(request.query),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      user: request.user ?? '',
      state: OUTBOX_STATE.held,
      attempts: 0,
    });
    return toMessage(doc.toObject<Stored>());
  }

  async find(id: string): Promise<OutboxMessage | undefined> {
    const doc = await this.model.findById(id).lean<Stored>().exec();
    return doc ? toMessage(doc) : undefined;
  }

  /** The records of these ids that still exist (the delivery log follows its held calls). */
  async findMany(ids: readonly string[]): Promise<OutboxMessage[]> {
    const docs = await this.model
      .find({ _id: { $in: ids } })
      .lean<Stored[]>()
      .exec();
    return docs.map(toMessage);
  }

  /** Held and delivering messages of every store, oldest first. */
  async listOpen(): Promise<OutboxMessage[]> {
    const docs = await this.model
      .find({ state: { $in: OPEN } })
      .sort(IN_ORDER)
      .lean<Stored[]>()
      .exec();
    return docs.map(toMessage);
  }

  /** The stores that have held or delivering messages. */
  async storesWithOpen(): Promise<Array<{ company: number; store: number }>> {
    const docs = await this.model
      .find({ state: { $in: OPEN } }, { company: 1, store: 1 })
      .lean<Stored[]>()
      .exec();
    const seen = new Map(docs.map((d) => [`${d.company}:${d.store}`, d]));
    return [...seen.values()].map(({ company, store }) => ({ company, store }));
  }

  /**
   * Which of these stores have held or delivering messages: one query for a batch of stores that
   * just connected (issue 15), instead of one per store.
   */
  async storesWithOpenAmong(
    stores: ReadonlyArray<{ company: number; store: number }>,
  ): Promise<Array<{ company: number; store: number }>> {
    if (!stores.length) return [];
    const wanted = new Set(stores.map((s) => storeKey(s.company, s.store)));
    const companies = [...new Set(stores.map((s) => s.company))];
    const docs = await this.model
      .find({ state: { $in: OPEN }, company: { $in: companies } }, { company: 1, store: 1 })
      .lean<Stored[]>()
      .exec();
    const found = new Map<string, { company: number; store: number }>();
    for (const { company, store } of docs) {
      const key = storeKey(company, store);
      if (wanted.has(key)) found.set(key, { company, store });
    }
    return [...found.values()];
  }

  /** The store's oldest message not yet delivered or failed: the next one to send. */
  async oldestOpen(company: number, store: number): Promise<OutboxMessage | undefined> {
    const doc = await this.model
      .findOne({ company, store, state: { $in: OPEN } })
      .sort(IN_ORDER)
      .lean<Stored>()
      .exec();
    return doc ? toMessage(doc) : undefined;
  }

  /**
   * Takes the message for one delivery if it is still as read (held, or delivering by a claim
   * that ran out); counts the attempt. Undefined when another node took it first.
   */
  async claim(message: OutboxMessage, until: Date): Promise<OutboxMessage | undefined> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: message.id, state: message.state, attempts: message.attempts },
        {
          $set: { state: OUTBOX_STATE.delivering, claimedUntil: until },
          $inc: { attempts: 1 },
        },
        { returnDocument: 'after' },
      )
      .lean<Stored>()
      .exec();
    return doc ? toMessage(doc) : undefined;
  }

  /** Ends a claimed delivery: delivered or failed, with the store's answer status if any. */
  async finish(
    id: string,
    outcome: { state: typeof OUTBOX_STATE.delivered | typeof OUTBOX_STATE.failed },
    details: { at: Date; replyStatus?: number; error?: string },
  ): Promise<void> {
    await this.model
      .updateOne(
        { _id: id, state: OUTBOX_STATE.delivering },
        {
          $set: {
            state: outcome.state,
            ...(outcome.state === OUTBOX_STATE.delivered ? { deliveredAt: details.at } : {}),
            ...(details.replyStatus === undefined ? {} : { replyStatus: details.replyStatus }),
            ...(details.error === undefined ? {} : { lastError: details.error }),
          },
          $unset: { claimedUntil: 1 },
        },
      )
      .exec();
  }

  /** A claimed delivery that did not reach the store: held again, for its next return. */
  async release(id: string, error: string): Promise<void> {
    await this.model
      .updateOne(
        { _id: id, state: OUTBOX_STATE.delivering },
        { $set: { state: OUTBOX_STATE.held, lastError: error }, $unset: { claimedUntil: 1 } },
      )
      .exec();
  }

  /** Clears the queue (DELETE /portal/messagequeue): every held or delivering message. */
  async removeOpen(): Promise<number> {
    return (await this.model.deleteMany({ state: { $in: OPEN } }).exec()).deletedCount;
  }

  /** Forgets delivered and failed messages older than `before` (no TTL index: FerretDB). */
  async removeFinishedBefore(before: Date): Promise<number> {
    const finished = [OUTBOX_STATE.delivered, OUTBOX_STATE.failed];
    return (
      await this.model.deleteMany({ state: { $in: finished }, createdAt: { $lt: before } }).exec()
    ).deletedCount;
  }
}
