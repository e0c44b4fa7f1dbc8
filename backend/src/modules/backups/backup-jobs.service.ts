import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import {
  BACKUP_JOB,
  BACKUP_MODAL_TEXT,
  BACKUP_STAGE,
  BACKUP_QUEUE,
  type BackupJobName,
  type BackupJobStatus,
  type RestoreBackupJobData,
  type RunBackupJobData,
  systemBackupDataSchema,
  BACKUP_API,
  systemRestoreResultSchema,
} from '@store-cloud/contracts';
import type { Job, Queue, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { ConfigService } from '../../config/config.service';
import { BullmqConnections } from '../redis/bullmq-connections';
import { BackupCallError, BackupClient } from './backup-client';
import { BackupError } from './backups.errors';
import { BackupsService } from './backups.service';

interface Progress {
  percent: number;
  stage: string;
}
type JobData = RunBackupJobData | RestoreBackupJobData;

/**
 * Running a backup and a restore are BullMQ jobs on the 'backups' queue: API nodes add them,
 * the worker process runs them. A job is tried once: a worker that stops mid-job leaves it
 * without a lock, and the next worker's stalled check fails it (maxStalledCount 0, shown as
 * interrupted) instead of silently re-running it.
 */
@Injectable()
export class BackupJobsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(BackupJobsService.name);
  private queue!: Queue<JobData>;
  private worker: Worker<JobData> | undefined;
  private redis!: BullmqConnections;

  constructor(
    private readonly config: ConfigService,
    private readonly backups: BackupsService,
    private readonly client: BackupClient,
    private readonly clock: Clock,
  ) {}

  onModuleInit() {
    this.redis = new BullmqConnections(this.config, 'backup jobs', this.logger);
    this.queue = this.redis.queue<JobData>(BACKUP_QUEUE);
    this.worker = this.redis.worker<JobData>(BACKUP_QUEUE, (job) => this.process(job), {
      concurrency: 2,
      maxStalledCount: 0,
      // A stopped worker's job is failed within about lockDuration + 2 stalled checks.
      lockDuration: 15_000,
      stalledInterval: 5_000,
    });
  }

  async onApplicationShutdown() {
    // Not waiting for a running job (a restore may take minutes): it loses its lock and the
    // next worker's stalled check fails it visibly.
    await this.redis.close(
      () => this.worker?.close(true),
      () => this.queue?.close(),
    );
  }

  async runBackup(serverName: string): Promise<string> {
    const server = await this.backups.getServer(serverName);
    return this.add(BACKUP_JOB.run, { serverName: server.name });
  }

  async restoreBackup(backupId: string, serverName: string): Promise<string> {
    const server = await this.backups.getServer(serverName);
    await this.backups.getBackup(backupId);
    return this.add(BACKUP_JOB.restore, { backupId, serverName: server.name });
  }

  /**
   * One job per backup server at a time, decided atomically by BullMQ's deduplication (the id
   * is the server's): a second run while one waits or runs gets that job's id; a restore asked
   * while a backup of the same server runs (or the other way round) is refused with 409.
   */
  private async add(name: BackupJobName, data: JobData): Promise<string> {
    const jobId = randomUUID();
    const job = await this.queue.add(name, data, {
      jobId,
      deduplication: { id: `server:${data.serverName}` },
      attempts: 1,
      removeOnComplete: { age: 24 * 3600, count: 200 },
      removeOnFail: { age: 7 * 24 * 3600, count: 200 },
    });
    const id = job.id as string;
    if (id !== jobId) {
      const running = await this.queue.getJob(id);
      if (running && running.name !== name) {
        throw BackupError.conflict(
          `A ${running.name === BACKUP_JOB.restore ? 'restore' : 'backup'} of ${data.serverName} is already running; try again when it has finished`,
        );
      }
    }
    return id;
  }

  async status(jobId: string): Promise<BackupJobStatus> {
    // State first: a job read before it ends would show 'failed' without its reason.
    const state = await this.queue.getJobState(jobId);
    const job = await this.queue.getJob(jobId);
    if (!job || state === 'unknown') throw BackupError.notFound('Backup job');
    const progress = (typeof job.progress === 'object' ? job.progress : {}) as Partial<Progress>;
    const mapped: BackupJobStatus['state'] =
      state === 'completed' || state === 'failed' || state === 'active' ? state : 'waiting';
    const stalled = /stalled/i.test(job.failedReason ?? '');
    return {
      jobId,
      name: job.name as BackupJobName,
      serverName: job.data.serverName,
      state: mapped,
      progress: mapped === 'completed' ? 100 : (progress.percent ?? 0),
      stage: progress.stage ?? '',
      ...(mapped === 'failed'
        ? { error: stalled ? BACKUP_MODAL_TEXT.jobInterrupted : job.failedReason || 'Failed' }
        : {}),
    };
  }

  private async process(job: Job<JobData>): Promise<unknown> {
    const step = (percent: number, stage: string) => job.updateProgress({ percent, stage });
    try {
      const server = await this.backups.getServer(job.data.serverName);
      const endpoint = `${server.url}${BACKUP_API.systemBackup}`;
      if (job.name === BACKUP_JOB.run) {
        await step(10, BACKUP_STAGE.reading(server.name));
        const parsed = systemBackupDataSchema.safeParse(await this.client.getJson(endpoint));
        if (!parsed.success)
          throw new BackupCallError(`${server.url} did not answer with a backup`);
        await step(70, BACKUP_STAGE.storing);
        const stored = await this.backups.storeBackup({
          name: server.name,
          url: server.url,
          time: this.clock.now(),
          backup: parsed.data,
        });
        await step(100, BACKUP_STAGE.done);
        return { backupId: stored._id };
      }
      const { backupId } = job.data as RestoreBackupJobData;
      await step(10, BACKUP_STAGE.loading);
      const data = await this.backups.getBackupData(backupId);
      await step(30, BACKUP_STAGE.restoring(server.name));
      const result = systemRestoreResultSchema.parse(
        await this.client.postJson(endpoint, { serverName: server.name, data }),
      );
      await step(100, BACKUP_STAGE.done);
      return result;
    } catch (error) {
      // Only messages written for people become the job's visible error.
      if (error instanceof BackupCallError || error instanceof BackupError) throw error;
      this.logger.error(`Backup job ${job.id}: ${String(error)}`);
      throw new Error('The job failed unexpectedly');
    }
  }
}
