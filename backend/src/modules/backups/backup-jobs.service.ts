import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import {
  AUDIT_ACTION,
  BACKUP_JOB,
  BACKUP_MODAL_TEXT,
  BACKUP_STAGE,
  BACKUP_QUEUE,
  type BackupJobName,
  type BackupJobStatus,
  systemBackupDataSchema,
  BACKUP_API,
  systemRestoreResultSchema,
  systemRestoreStateSchema,
} from '@store-cloud/contracts';
import type { Job, Queue, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { ConfigService } from '../../config/config.service';
import { type AuditActor, AuditService } from '../audit';
import { BullmqConnections, LOCK_HOLDER } from '../redis';
import { BackupCallError, BackupClient } from './backup-client';
import { type BackupJobRecord, BackupJobsRepository } from './backup-jobs.repository';
import { BackupError } from './backups.errors';
import { BackupsService } from './backups.service';

/** The queue carries only the record's id (the record is the job). */
interface QueuedJob {
  jobId: string;
}
type Step = (percent: number, stage: string) => Promise<void>;

/** A running job's worker renews the record's aliveAt this often... */
const HEARTBEAT_MS = 2000;
/** ...so a record not renewed for three beats has lost its worker. */
const DEAD_AFTER_MS = 3 * HEARTBEAT_MS;
/** How often the worker looks for jobs Redis forgot or whose worker died. */
const SWEEP_MS = 10_000;

/**
 * Running a backup and a restore (DESIGN §8): each is a `backupjobs` record first, then a BullMQ
 * job on the 'backups' queue that carries only the record's id; the worker process runs it and
 * writes progress, a heartbeat and the outcome to the record, which status reads answer from.
 * A sweep (worker start, every SWEEP_MS, and a status read of a job not ended) re-adds a waiting
 * record Redis forgot and settles a running one whose heartbeat stopped from the facts: the
 * backup its job stored, or what the server's restore journal says. A job is never run twice.
 */
@Injectable()
export class BackupJobsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(BackupJobsService.name);
  private queue!: Queue<QueuedJob>;
  private worker: Worker<QueuedJob> | undefined;
  private redis!: BullmqConnections;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly config: ConfigService,
    private readonly backups: BackupsService,
    private readonly records: BackupJobsRepository,
    private readonly client: BackupClient,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  onModuleInit() {
    this.redis = new BullmqConnections(this.config, 'backup jobs', this.logger);
    this.queue = this.redis.queue<QueuedJob>(BACKUP_QUEUE, true);
    this.worker = this.redis.worker<QueuedJob>(BACKUP_QUEUE, (job) => this.process(job), {
      concurrency: 2,
      // The record, not BullMQ, tells a dead job (its heartbeat): BullMQ never runs one twice.
      maxStalledCount: 0,
    });
    if (this.worker) {
      this.every(0, () => this.sweep());
      const sweeps = setInterval(() => void this.sweep(), SWEEP_MS);
      sweeps.unref();
      this.timers.add(sweeps);
    }
  }

  async onApplicationShutdown() {
    // A running job is not waited for (a restore may take minutes): its heartbeat stops, and
    // the next sweep settles it from the facts.
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await this.redis.close(
      () => this.worker?.close(true),
      () => this.queue?.close(),
    );
  }

  private every(ms: number, run: () => Promise<unknown>): NodeJS.Timeout {
    const timer = ms === 0 ? setTimeout(() => void run(), 0) : setInterval(() => void run(), ms);
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  async runBackup(actor: AuditActor, serverName: string): Promise<string> {
    const server = await this.backups.getServer(serverName);
    const jobId = await this.add(BACKUP_JOB.run, server.name, actor.username);
    await this.audit.record(actor, {
      action: AUDIT_ACTION.backupRun,
      targetType: 'backupServer',
      target: serverName,
      details: { jobId },
    });
    return jobId;
  }

  async restoreBackup(actor: AuditActor, backupId: string, serverName: string): Promise<string> {
    const server = await this.backups.getServer(serverName);
    await this.backups.getBackup(backupId);
    const jobId = await this.add(BACKUP_JOB.restore, server.name, actor.username, backupId);
    await this.audit.record(actor, {
      action: AUDIT_ACTION.backupRestore,
      targetType: 'backup',
      target: backupId,
      details: { jobId, server: serverName },
    });
    return jobId;
  }

  /**
   * One live job per backup server, decided by the record's unique liveKey: a second run while
   * one waits or runs gets that job's id; a restore asked while a backup of the same server runs
   * (or the other way round) is refused with 409. A live record whose worker died is settled
   * first, so the request starts a new job at once.
   */
  private async add(
    name: BackupJobName,
    serverName: string,
    requestedBy: string,
    backupId?: string,
  ): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = randomUUID();
      if (await this.records.create({ id, name, serverName, backupId, requestedBy })) {
        await this.enqueue(id, name);
        return id;
      }
      const live = await this.records.live(serverName);
      if (!live || !(await this.check(live))) continue;
      if (live.name !== name) {
        throw BackupError.conflict(
          `A ${live.name === BACKUP_JOB.restore ? 'restore' : 'backup'} of ${serverName} is already running; try again when it has finished`,
        );
      }
      return live.id;
    }
    throw BackupError.conflict(`Jobs of ${serverName} are starting; try again in a moment`);
  }

  /** Adds the record's BullMQ job; with Redis away the record waits for the sweep to add it. */
  private async enqueue(id: string, name: BackupJobName): Promise<void> {
    try {
      await this.queue.add(
        name,
        { jobId: id },
        {
          jobId: id,
          attempts: 1,
          removeOnComplete: { age: 24 * 3600, count: 200 },
          removeOnFail: { age: 7 * 24 * 3600, count: 200 },
        },
      );
    } catch (error) {
      this.logger.warn(`Backup job ${id} not queued yet (the sweep adds it): ${String(error)}`);
    }
  }

  /**
   * Whether a job that has not ended is still live, putting right what is not: a waiting job
   * Redis forgot is queued again; a running job whose heartbeat stopped is settled.
   */
  private async check(job: BackupJobRecord): Promise<boolean> {
    if (job.state === 'waiting') {
      if (!(await this.queue.getJob(job.id))) {
        this.logger.warn(`Backup job ${job.id} was not in the queue (Redis forgot it): adding it`);
        await this.enqueue(job.id, job.name);
      }
      return true;
    }
    if (job.state !== 'active') return false;
    const deadBefore = this.clock.now().getTime() - DEAD_AFTER_MS;
    if (job.aliveAt && job.aliveAt.getTime() > deadBefore) return true;
    return this.settle(job);
  }

  /** Ends a job whose worker died as the facts say; true when it still runs (on its server). */
  private async settle(job: BackupJobRecord): Promise<boolean> {
    const outcome = await this.outcomeOf(job);
    if (outcome === 'running') return true;
    const ended = await this.records.finish(
      job.id,
      outcome === 'applied'
        ? { state: 'completed', result: job.result }
        : { state: 'failed', error: BACKUP_MODAL_TEXT.jobInterrupted },
      this.clock.now(),
      { from: 'active', aliveAt: job.aliveAt },
    );
    if (ended) {
      this.logger.warn(
        `Backup job ${job.id} (${job.name} of ${job.serverName}) lost its worker: ${outcome === 'applied' ? 'it had finished, completed' : 'interrupted'}`,
      );
    }
    return false;
  }

  private async outcomeOf(job: BackupJobRecord): Promise<'running' | 'applied' | 'not-applied'> {
    try {
      if (job.name === BACKUP_JOB.run) {
        const backupId = await this.backups.backupIdForJob(job.id);
        if (backupId) job.result = { backupId };
        return backupId ? 'applied' : 'not-applied';
      }
      const server = await this.backups.getServer(job.serverName);
      const url = `${server.url}${BACKUP_API.systemRestoreState}?restoreId=${encodeURIComponent(job.id)}`;
      return systemRestoreStateSchema.parse(await this.client.getJson(url)).outcome;
    } catch (error) {
      this.logger.warn(`Backup job ${job.id}: its outcome could not be read: ${String(error)}`);
      return 'not-applied';
    }
  }

  /** Jobs Redis forgot are queued again, jobs whose worker died are settled. */
  async sweep(): Promise<void> {
    try {
      for (const job of await this.records.unsettled()) await this.check(job);
    } catch (error) {
      this.logger.warn(`Backup job sweep failed (the next one tries again): ${String(error)}`);
    }
  }

  /** When each backup server's newest completed backup finished (the backup age gauge). */
  lastBackups(): Promise<Array<{ serverName: string; finishedAt: Date }>> {
    return this.records.lastBackups();
  }

  async status(jobId: string): Promise<BackupJobStatus> {
    let job = await this.records.get(jobId);
    if (!job) throw BackupError.notFound('Backup job');
    if ((job.state === 'waiting' || job.state === 'active') && !(await this.check(job))) {
      job = (await this.records.get(jobId)) ?? job;
    }
    return {
      jobId,
      name: job.name,
      serverName: job.serverName,
      state: job.state,
      progress: job.state === 'completed' ? 100 : job.percent,
      stage: job.stage,
      ...(job.state === 'failed' ? { error: job.error || 'Failed' } : {}),
    };
  }

  private async process(queued: Job<QueuedJob>): Promise<void> {
    const id = queued.data.jobId;
    const owner = `${LOCK_HOLDER}:${randomUUID()}`;
    // Taken once: a job that ended, or that another worker took, is not run again.
    if (!(await this.records.claim(id, owner, this.clock.now()))) return;
    const job = await this.records.get(id);
    if (!job) return;
    let progress = { percent: 0, stage: '' };
    const beat = () =>
      this.records.beat(id, owner, this.clock.now(), progress).catch((error: Error) => {
        this.logger.warn(`Backup job ${id}: heartbeat failed: ${error.message}`);
      });
    const heartbeat = this.every(HEARTBEAT_MS, beat);
    const step: Step = async (percent, stage) => {
      progress = { percent, stage };
      await beat();
    };
    try {
      const result = await this.run(job, step);
      await this.records.finish(id, { state: 'completed', result }, this.clock.now(), { owner });
    } catch (error) {
      // Only messages written for people become the job's visible error.
      const readable = error instanceof BackupCallError || error instanceof BackupError;
      if (!readable) this.logger.error(`Backup job ${id}: ${String(error)}`);
      const message = readable ? (error as Error).message : 'The job failed unexpectedly';
      this.logger.warn(`Backup job ${id} (${job.name}) failed: ${message}`);
      await this.records.finish(id, { state: 'failed', error: message }, this.clock.now(), {
        owner,
      });
    } finally {
      clearInterval(heartbeat);
      this.timers.delete(heartbeat);
    }
  }

  private async run(job: BackupJobRecord, step: Step): Promise<unknown> {
    const server = await this.backups.getServer(job.serverName);
    const endpoint = `${server.url}${BACKUP_API.systemBackup}`;
    if (job.name === BACKUP_JOB.run) {
      await step(10, BACKUP_STAGE.reading(server.name));
      const parsed = systemBackupDataSchema.safeParse(await this.client.getJson(endpoint));
      if (!parsed.success) throw new BackupCallError(`${server.url} did not answer with a backup`);
      await step(70, BACKUP_STAGE.storing);
      const stored = await this.backups.storeBackup({
        name: server.name,
        url: server.url,
        time: this.clock.now(),
        backup: parsed.data,
        jobId: job.id,
      });
      await step(100, BACKUP_STAGE.done);
      return { backupId: stored._id };
    }
    await step(10, BACKUP_STAGE.loading);
    const data = await this.backups.getBackupData(job.backupId ?? '');
    await step(30, BACKUP_STAGE.restoring(server.name));
    const result = systemRestoreResultSchema.parse(
      await this.client.postJson(endpoint, { serverName: server.name, data, restoreId: job.id }),
    );
    await step(100, BACKUP_STAGE.done);
    return result;
  }
}
