import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Schedule, ScheduleStatus } from '@store-cloud/contracts';
import { isValidObjectId, Model } from 'mongoose';
import { ScheduleDoc, type ScheduleFailure, type ScheduleStep } from './schemas/schedule.schema';

type LeanSchedule = ScheduleDoc & { _id: unknown };

const toSchedule = (d: LeanSchedule): Schedule => ({
  _id: String(d._id),
  companyId: d.companyId,
  companyName: d.companyName,
  mediaFolderName: d.mediaFolderName,
  destination: d.destination,
  startDate: new Date(d.startDate).toISOString(),
  endDate: new Date(d.endDate).toISOString(),
  createdDate: new Date(d.createdDate).toISOString(),
  author: d.author,
  files: [...(d.files ?? [])],
  status: d.status,
  ...(d.repeat ? { repeat: { ...d.repeat, weekdays: [...d.repeat.weekdays] } } : {}),
});

/** Where a repeating schedule stands: its status, whether its files are on air, a move unmade. */
export interface RepeatRunState {
  status: ScheduleStatus;
  onAir: boolean;
  step?: ScheduleStep;
}

export type NewSchedule = Omit<Schedule, '_id'>;
export type ScheduleChanges = Pick<
  Schedule,
  'destination' | 'startDate' | 'endDate' | 'files' | 'author' | 'repeat'
>;

@Injectable()
export class SchedulesRepository {
  constructor(@InjectModel(ScheduleDoc.name) private readonly model: Model<ScheduleDoc>) {}

  async create(s: NewSchedule): Promise<Schedule> {
    const doc = await this.model.create(s);
    return toSchedule(doc.toObject() as LeanSchedule);
  }

  async findById(id: string): Promise<Schedule | undefined> {
    if (!isValidObjectId(id)) return undefined;
    const doc = await this.model.findById(id).lean<LeanSchedule>().exec();
    return doc ? toSchedule(doc) : undefined;
  }

  async list(mediaFolderName: string, statuses?: readonly ScheduleStatus[]): Promise<Schedule[]> {
    const filter: Record<string, unknown> = { mediaFolderName };
    if (statuses) filter.status = { $in: statuses };
    const docs = await this.model
      .find(filter)
      .sort({ createdDate: -1 })
      .lean<LeanSchedule[]>()
      .exec();
    return docs.map(toSchedule);
  }

  /** Every READY or ACTIVE schedule of all companies: what the engine must still act on. */
  async listOpen(): Promise<Schedule[]> {
    const docs = await this.model
      .find({ status: { $in: ['READY', 'ACTIVE'] } })
      .lean<LeanSchedule[]>()
      .exec();
    return docs.map(toSchedule);
  }

  /** Applies changes only while the schedule still has the expected status. */
  async update(id: string, expected: ScheduleStatus, changes: Partial<ScheduleChanges>) {
    const $set: Record<string, unknown> = { ...changes };
    if (changes.startDate) $set.startDate = new Date(changes.startDate);
    if (changes.endDate) $set.endDate = new Date(changes.endDate);
    // A schedule edited from repeating to one-off loses its repeat.
    const unset = 'repeat' in changes && !changes.repeat;
    if (unset) delete $set.repeat;
    const doc = await this.model
      .findOneAndUpdate(
        { _id: id, status: expected },
        unset ? { $set, $unset: { repeat: 1 } } : { $set },
        { returnDocument: 'after' },
      )
      .lean<LeanSchedule>()
      .exec();
    return doc ? toSchedule(doc) : undefined;
  }

  /** Moves from one status to the next; false when the schedule was not in `from`. */
  async transition(id: string, from: ScheduleStatus, to: ScheduleStatus): Promise<boolean> {
    const res = await this.model
      .updateOne({ _id: id, status: from }, { $set: { status: to } })
      .exec();
    return res.modifiedCount === 1;
  }

  /** Records how a step's move went: a failure stays until a later step succeeds. */
  async recordStep(id: string, failure: ScheduleFailure | undefined): Promise<void> {
    await this.model
      .updateOne({ _id: id }, failure ? { $set: { failure } } : { $unset: { failure: 1 } })
      .exec();
  }

  async runState(id: string): Promise<RepeatRunState | undefined> {
    const doc = await this.model.findById(id).lean<LeanSchedule>().exec();
    if (!doc) return undefined;
    return {
      status: doc.status,
      onAir: doc.onAir === true,
      ...(doc.step ? { step: doc.step } : {}),
    };
  }

  /**
   * Records a repeating schedule's next state and the move that reaches it, before the move is
   * made, only while it is still in `from` with no move unmade: one caller wins.
   */
  async claimStep(
    id: string,
    from: Pick<RepeatRunState, 'status' | 'onAir'>,
    to: Pick<RepeatRunState, 'status' | 'onAir'>,
    step: ScheduleStep | undefined,
  ): Promise<boolean> {
    const res = await this.model
      .updateOne(
        {
          _id: id,
          status: from.status,
          onAir: from.onAir ? true : { $ne: true },
          step: { $exists: false },
        },
        { $set: { status: to.status, onAir: to.onAir, ...(step ? { step } : {}) } },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  /** The recorded move was made. */
  async finishStep(id: string): Promise<void> {
    await this.model.updateOne({ _id: id }, { $unset: { step: 1 } }).exec();
  }

  async delete(id: string): Promise<boolean> {
    if (!isValidObjectId(id)) return false;
    const res = await this.model.deleteOne({ _id: id }).exec();
    return res.deletedCount === 1;
  }
}
