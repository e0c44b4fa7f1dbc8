import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  BULK_STORE_STATE,
  type BulkActionKind,
  type BulkStoreResult,
  type BulkStoreState,
  type ResolvedStore,
} from '@store-cloud/contracts';
import { Model, Types } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { BulkActionDoc, BulkResultDoc, BulkRetryDoc } from './schemas/bulk-action.schema';

type StoredAction = BulkActionDoc & { _id: Types.ObjectId };
type StoredResult = BulkResultDoc & { _id: Types.ObjectId };

/** An action as the list shows it: each store's company and state, for the counts. */
export interface BulkActionHeader {
  id: string;
  kind: BulkActionKind;
  summary: string;
  user: string;
  companies: number[];
  payload: string | null;
  retryOf: string | null;
  retriedBy: string | null;
  selection: string | null;
  createdAt: string;
  states: Array<{ companyId: number; state: BulkStoreState }>;
}

export interface BulkActionRecord {
  id: string;
  kind: BulkActionKind;
  summary: string;
  user: string;
  companies: number[];
  payload: string | null;
  retryOf: string | null;
  retriedBy: string | null;
  selection: string | null;
  createdAt: string;
  results: BulkStoreResult[];
}

export interface NewBulkAction {
  id?: string;
  kind: BulkActionKind;
  summary: string;
  user: string;
  payload?: string;
  retryOf?: string;
  selection?: string;
  stores: readonly ResolvedStore[];
}

export interface ResultUpdate {
  state: BulkStoreState;
  at: Date;
  reason?: string;
  heldRef?: string;
}

const toResult = (d: StoredResult): BulkStoreResult => ({
  companyId: d.companyId,
  companyName: d.companyName,
  storeId: d.storeId,
  storeName: d.storeName,
  state: d.state,
  reason: d.reason ?? null,
  at: d.at?.toISOString() ?? null,
});

/** Bulk actions and their per-store results (a collection of their own). */
@Injectable()
export class BulkActionsRepository {
  constructor(
    @InjectModel(BulkActionDoc.name) private readonly actions: Model<BulkActionDoc>,
    @InjectModel(BulkResultDoc.name) private readonly results: Model<BulkResultDoc>,
    @InjectModel(BulkRetryDoc.name) private readonly retries: Model<BulkRetryDoc>,
  ) {}

  newId(): string {
    return new Types.ObjectId().toHexString();
  }

  async create(input: NewBulkAction): Promise<string> {
    const doc = await this.actions.create({
      ...(input.id ? { _id: new Types.ObjectId(input.id) } : {}),
      kind: input.kind,
      summary: input.summary,
      user: input.user,
      companies: [...new Set(input.stores.map((s) => s.companyId))],
      payload: input.payload,
      retryOf: input.retryOf,
      selection: input.selection,
    });
    await this.results.insertMany(
      input.stores.map((s, order) => ({
        action: doc._id,
        order,
        companyId: s.companyId,
        companyName: s.companyName,
        storeId: s.storeId,
        storeName: s.storeName,
        state: BULK_STORE_STATE.queued,
      })),
    );
    return doc._id.toHexString();
  }

  /** Claims the one retry of action `id` for `retry`; false when it was already claimed. */
  async claimRetry(id: string, retry: string): Promise<boolean> {
    try {
      await this.retries.create({ _id: new Types.ObjectId(id), retry: new Types.ObjectId(retry) });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async find(id: string): Promise<BulkActionRecord | undefined> {
    if (!Types.ObjectId.isValid(id)) return undefined;
    const doc = await this.actions.findById(id).lean<StoredAction>().exec();
    return doc ? (await this.withResults([doc]))[0] : undefined;
  }

  /** Newest first; companies: only actions to one of these (undefined: all). */
  async page(
    companies: number[] | undefined,
    kind: BulkActionKind | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ items: BulkActionHeader[]; total: number }> {
    const filter = {
      ...(companies ? { companies: { $in: companies } } : {}),
      ...(kind ? { kind } : {}),
    };
    const [docs, total] = await Promise.all([
      this.actions
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<StoredAction[]>()
        .exec(),
      this.actions.countDocuments(filter).exec(),
    ]);
    // Only each store's company and state: a page of actions to 20,000 stores each stays small.
    const states = await this.results
      .find({ action: { $in: docs.map((d) => d._id) } })
      .select({ action: 1, companyId: 1, state: 1 })
      .lean<Array<Pick<StoredResult, 'action' | 'companyId' | 'state'>>>()
      .exec();
    const retriedBy = await this.retriedBy(docs);
    return {
      items: docs.map((d) => ({
        ...header(d, retriedBy),
        states: states
          .filter((r) => r.action.equals(d._id))
          .map(({ companyId, state }) => ({ companyId, state })),
      })),
      total,
    };
  }

  /** Sets a store's outcome; only from one of `from` when given. False when nothing changed. */
  async updateResult(
    id: string,
    store: { companyId: number; storeId: number },
    update: ResultUpdate,
    from?: readonly BulkStoreState[],
  ): Promise<boolean> {
    const { modifiedCount } = await this.results
      .updateOne(
        {
          action: new Types.ObjectId(id),
          companyId: store.companyId,
          storeId: store.storeId,
          ...(from ? { state: { $in: [...from] } } : {}),
        },
        { $set: setOf(update) },
      )
      .exec();
    return modifiedCount > 0;
  }

  /** Moves every held result waiting on outbox record `heldRef` on; false when none was. */
  async updateHeld(heldRef: string, update: ResultUpdate): Promise<boolean> {
    const { modifiedCount } = await this.results
      .updateMany({ heldRef, state: BULK_STORE_STATE.held }, { $set: setOf(update) })
      .exec();
    return modifiedCount > 0;
  }

  private async withResults(docs: StoredAction[]): Promise<BulkActionRecord[]> {
    const [results, retriedBy] = await Promise.all([
      this.results
        .find({ action: { $in: docs.map((d) => d._id) } })
        .sort({ order: 1 })
        .lean<StoredResult[]>()
        .exec(),
      this.retriedBy(docs),
    ]);
    return docs.map((d) => ({
      ...header(d, retriedBy),
      results: results.filter((r) => r.action.equals(d._id)).map(toResult),
    }));
  }

  /** action id -> the id of its retry. */
  private async retriedBy(docs: StoredAction[]): Promise<Map<string, string>> {
    const retries = await this.retries
      .find({ _id: { $in: docs.map((d) => d._id) } })
      .lean<Array<BulkRetryDoc & { _id: Types.ObjectId }>>()
      .exec();
    return new Map(retries.map((r) => [r._id.toHexString(), r.retry.toHexString()]));
  }
}

const header = (d: StoredAction, retriedBy: Map<string, string>) => ({
  id: d._id.toHexString(),
  kind: d.kind,
  summary: d.summary,
  user: d.user,
  companies: d.companies,
  payload: d.payload ?? null,
  retryOf: d.retryOf ?? null,
  retriedBy: retriedBy.get(d._id.toHexString()) ?? null,
  selection: d.selection ?? null,
  createdAt: d.createdAt.toISOString(),
});

const setOf = (update: ResultUpdate) => ({
  state: update.state,
  at: update.at,
  ...(update.reason === undefined ? {} : { reason: update.reason }),
  ...(update.heldRef === undefined ? {} : { heldRef: update.heldRef }),
});
