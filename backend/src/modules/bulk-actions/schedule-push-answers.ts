import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  BULK_ACTION_KIND,
  BULK_STORE_STATE,
  type MediaApplied,
  mediaAppliedSchema,
  SCHEDULE_PUSH_ANSWER_MS,
  schedulePushAnswer,
  schedulePushPayloadSchema,
} from '@store-cloud/contracts';
import { Model, Types } from 'mongoose';
import { Clock } from '../../common/clock/clock';
import { BulkActionsService } from './bulk-actions.service';
import { BulkActionDoc, BulkResultDoc } from './schemas/bulk-action.schema';

/**
 * A store's answer to the schedule pushes delivered to it (issue 32 item 4): each push still
 * delivered there, within SCHEDULE_PUSH_ANSWER_MS, becomes acknowledged once the store shows its
 * files where the push moved them, or failed with the store's reason for refusing one of them.
 */
@Injectable()
export class SchedulePushAnswers {
  private readonly logger = new Logger(SchedulePushAnswers.name);

  constructor(
    @InjectModel(BulkActionDoc.name) private readonly actions: Model<BulkActionDoc>,
    @InjectModel(BulkResultDoc.name) private readonly results: Model<BulkResultDoc>,
    private readonly bulk: BulkActionsService,
    private readonly clock: Clock,
  ) {}

  /** Returns how many pushes the answer settled. */
  async answered(companyId: number, storeId: number, body: MediaApplied): Promise<number> {
    const answer = mediaAppliedSchema.parse(body);
    const since = new Date(this.clock.now().getTime() - SCHEDULE_PUSH_ANSWER_MS);
    const open = await this.results
      .find(
        { companyId, storeId, state: BULK_STORE_STATE.delivered, at: { $gte: since } },
        { action: 1 },
      )
      .lean<{ action: Types.ObjectId }[]>()
      .exec();
    if (!open.length) return 0;
    const pushes = await this.actions
      .find({ _id: { $in: open.map((r) => r.action) }, kind: BULK_ACTION_KIND.schedulePush })
      .lean<(BulkActionDoc & { _id: Types.ObjectId })[]>()
      .exec();
    let settled = 0;
    for (const push of pushes) {
      const payload = schedulePushPayloadSchema.safeParse(JSON.parse(push.payload ?? 'null'));
      if (!payload.success) continue; // recorded before pushes kept what they moved
      const outcome = schedulePushAnswer(payload.data, answer);
      if (!outcome) continue;
      await this.bulk.recordOutcome(push._id.toHexString(), { companyId, storeId }, outcome);
      settled++;
    }
    if (settled) this.logger.log(`Store ${companyId}/${storeId} answered ${settled} push(es)`);
    return settled;
  }
}
