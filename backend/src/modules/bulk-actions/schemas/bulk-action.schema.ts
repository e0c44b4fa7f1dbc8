import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  BULK_ACTION_KINDS,
  BULK_STORE_STATES,
  type BulkActionKind,
  type BulkStoreState,
  ONLINE_STATES,
  type OnlineState,
} from '@store-cloud/contracts';
import { Types } from 'mongoose';

/**
 * One action sent to many stores (issue 32 item 4). payload is what a retry sends again, as JSON
 * text (a message's parameters may carry keys MongoDB refuses). companies lists the target
 * stores' companies, for scoping.
 */
@Schema({ collection: 'bulkactions', timestamps: { createdAt: true, updatedAt: false } })
export class BulkActionDoc {
  @Prop({ type: String, required: true, enum: BULK_ACTION_KINDS }) kind!: BulkActionKind;
  @Prop({ required: true }) summary!: string;
  @Prop({ required: true }) user!: string;
  @Prop({ type: [Number], required: true }) companies!: number[];
  @Prop() payload?: string;
  @Prop() retryOf?: string;
  /** The saved selection's name, when it was sent to one. */
  @Prop() selection?: string;
  createdAt!: Date;
}
export const BulkActionSchema = SchemaFactory.createForClass(BulkActionDoc);
BulkActionSchema.index({ companies: 1, createdAt: -1 });
BulkActionSchema.index({ createdAt: -1 });

/** One target store of an action and what became of it there. */
@Schema({ collection: 'bulkactionresults' })
export class BulkResultDoc {
  @Prop({ type: Types.ObjectId, required: true }) action!: Types.ObjectId;
  @Prop({ required: true }) order!: number;
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) companyName!: string;
  @Prop({ required: true }) storeId!: number;
  @Prop({ required: true }) storeName!: string;
  @Prop({ type: String, required: true, enum: BULK_STORE_STATES }) state!: BulkStoreState;
  @Prop() reason?: string;
  @Prop() at?: Date;
  /** The outbox record of a held call: its outcome moves the store on. */
  @Prop() heldRef?: string;
}
export const BulkResultSchema = SchemaFactory.createForClass(BulkResultDoc);
BulkResultSchema.index({ action: 1, companyId: 1, storeId: 1 }, { unique: true });
BulkResultSchema.index({ action: 1, order: 1 });
BulkResultSchema.index({ heldRef: 1 }, { sparse: true });
// A store's answer to its schedule pushes finds the ones delivered to it.
BulkResultSchema.index({ companyId: 1, storeId: 1, state: 1 });

/**
 * The claim of an action's one retry: its _id is the retried action's, so a second claim fails
 * on the unique _id (which holds on FerretDB too, where a conditional update does not).
 */
@Schema({ collection: 'bulkactionretries', timestamps: { createdAt: true, updatedAt: false } })
export class BulkRetryDoc {
  @Prop({ type: Types.ObjectId, required: true }) _id!: Types.ObjectId;
  @Prop({ type: Types.ObjectId, required: true }) retry!: Types.ObjectId;
}
export const BulkRetrySchema = SchemaFactory.createForClass(BulkRetryDoc);

/** A saved target selection of a user: resolved to stores when an action is sent. */
@Schema({ collection: 'bulkselections', timestamps: { createdAt: true, updatedAt: false } })
export class BulkSelectionDoc {
  @Prop({ required: true }) user!: string;
  @Prop({ required: true }) name!: string;
  @Prop({ type: [Number], default: [] }) companyIds!: number[];
  @Prop({ type: [String], default: [] }) tags!: string[];
  @Prop({ type: String, required: true, enum: ONLINE_STATES }) online!: OnlineState;
  createdAt!: Date;
}
export const BulkSelectionSchema = SchemaFactory.createForClass(BulkSelectionDoc);
BulkSelectionSchema.index({ user: 1, createdAt: -1 });
