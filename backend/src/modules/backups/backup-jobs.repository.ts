import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { BACKUP_JOB, type BackupJobName } from '@store-cloud/contracts';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { BackupJobDoc, type BackupJobRecordState } from './schemas/backup-job.schema';

export interface BackupJobRecord {
  id: string;
  name: BackupJobName;
  serverName: string;
  backupId?: string;
  requestedBy: string;
  state: BackupJobRecordState;
  percent: number;
  stage: string;
  error?: string;
  result?: unknown;
  owner?: string;
  aliveAt?: Date;
  createdAt: Date;
}

type Lean = BackupJobDoc & { createdAt: Date };

const toRecord = (d: Lean): BackupJobRecord => ({
  id: d._id,
  name: d.name as BackupJobName,
  serverName: d.serverName,
  ...(d.backupId ? { backupId: d.backupId } : {}),
  requestedBy: d.requestedBy,
  state: d.state,
  percent: d.percent ?? 0,
  stage: d.stage ?? '',
  ...(d.error ? { error: d.error } : {}),
  ...(d.result !== undefined ? { result: d.result } : {}),
  ...(d.owner ? { owner: d.owner } : {}),
  ...(d.aliveAt ? { aliveAt: d.aliveAt } : {}),
  createdAt: d.createdAt,
});

/** The key only a waiting or running job of this server holds. */
export const liveKeyOf = (serverName: string) => `server:${serverName}`;

/** Backup and restore job records (see BackupJobDoc). */
@Injectable()
export class BackupJobsRepository {
  constructor(@InjectModel(BackupJobDoc.name) private readonly model: Model<BackupJobDoc>) {}

  /** A new waiting job; false when the server already has a live one (the unique liveKey). */
  async create(job: {
    id: string;
    name: BackupJobName;
    serverName: string;
    backupId?: string;
    requestedBy: string;
  }): Promise<boolean> {
    try {
      await this.model.create({
        _id: job.id,
        name: job.name,
        serverName: job.serverName,
        ...(job.backupId ? { backupId: job.backupId } : {}),
        requestedBy: job.requestedBy,
        state: 'waiting',
        liveKey: liveKeyOf(job.serverName),
      });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async get(id: string): Promise<BackupJobRecord | null> {
    const doc = await this.model.findById(id).lean<Lean>().exec();
    return doc ? toRecord(doc) : null;
  }

  async live(serverName: string): Promise<BackupJobRecord | null> {
    const doc = await this.model
      .findOne({ liveKey: liveKeyOf(serverName) })
      .lean<Lean>()
      .exec();
    return doc ? toRecord(doc) : null;
  }

  /** Every job that has not ended. */
  async unsettled(): Promise<BackupJobRecord[]> {
    const docs = await this.model
      .find({ state: { $in: ['waiting', 'active'] } })
      .lean<Lean[]>()
      .exec();
    return docs.map(toRecord);
  }

  /** Takes a waiting job for `owner`; false when it is not waiting (taken, or ended). */
  async claim(id: string, owner: string, now: Date): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { _id: id, state: 'waiting' },
        { $set: { state: 'active', owner, startedAt: now, aliveAt: now } },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  /** The running worker's heartbeat, with its progress when given. */
  async beat(id: string, owner: string, now: Date, progress?: { percent: number; stage: string }) {
    await this.model
      .updateOne({ _id: id, owner, state: 'active' }, { $set: { aliveAt: now, ...progress } })
      .exec();
  }

  /**
   * Ends a job: completed with its result or failed with a message. `owner` (the worker that ran
   * it) ends it whatever a sweep said meanwhile (its outcome is the fact); without an owner (a
   * sweep), only a job still in `from` state, so a finishing worker is never overwritten.
   */
  async finish(
    id: string,
    outcome: { state: 'completed'; result?: unknown } | { state: 'failed'; error: string },
    now: Date,
    who: { owner: string } | { from: BackupJobRecordState; aliveAt?: Date },
  ): Promise<boolean> {
    const filter =
      'owner' in who
        ? { _id: id, owner: who.owner }
        : { _id: id, state: who.from, ...(who.aliveAt ? { aliveAt: who.aliveAt } : {}) };
    const res = await this.model
      .updateOne(filter, {
        $set: {
          ...outcome,
          ...(outcome.state === 'completed' ? { percent: 100 } : {}),
          liveKey: id,
          finishedAt: now,
        },
      })
      .exec();
    return res.matchedCount === 1;
  }

  /**
   * When each backup server's newest completed backup run finished (servers are a handful; one
   * read per server on the state index).
   */
  async lastBackups(): Promise<Array<{ serverName: string; finishedAt: Date }>> {
    const done = { state: 'completed' as const, name: BACKUP_JOB.run };
    const servers = (await this.model.distinct('serverName', done).exec()) as string[];
    const newest = await Promise.all(
      servers.map((serverName) =>
        this.model
          .findOne({ ...done, serverName }, { finishedAt: 1 })
          .sort({ finishedAt: -1 })
          .lean<{ finishedAt?: Date }>()
          .exec(),
      ),
    );
    return servers.flatMap((serverName, i) => {
      const finishedAt = newest[i]?.finishedAt;
      return finishedAt ? [{ serverName, finishedAt }] : [];
    });
  }
}
