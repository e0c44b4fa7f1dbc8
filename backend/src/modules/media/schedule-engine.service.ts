import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import {
  MEDIA_FOLDER,
  MEDIA_SCHEDULE_JOB,
  MEDIA_SCHEDULE_QUEUE,
  type MediaScheduleJobData,
  mediaScheduleJobDataSchema,
  mediaScheduleJobId,
  type MediaScheduleJobName,
  type Schedule,
} from '@store-cloud/contracts';
import { type Job, Queue, Worker } from 'bullmq';
import { ConfigService } from '../../config/config.service';
import { BullmqConnections } from '../redis/bullmq-connections';
import { MediaServerClient } from './media-server.client';
import { SchedulesRepository } from './schedules.repository';

const tagFolder = (tag: string) => `${MEDIA_FOLDER.tags}/${tag}`;

/**
 * Runs schedules: a delayed BullMQ job per schedule and transition (jobId = schedule id + job
 * name). At start the files move pending -> tags/{destination} and the schedule becomes ACTIVE;
 * at end tags/{destination} -> expired and it becomes EXPIRED. The database status is the truth:
 * a job that finds the schedule already past its step does nothing, so duplicates are harmless.
 * On start every READY or ACTIVE schedule gets its jobs (re)added, with no delay when its time
 * passed while the backend was down.
 */
@Injectable()
export class ScheduleEngine implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ScheduleEngine.name);
  private queue!: Queue<MediaScheduleJobData>;
  private worker!: Worker<MediaScheduleJobData>;
  private redis!: BullmqConnections;

  constructor(
    private readonly config: ConfigService,
    private readonly schedules: SchedulesRepository,
    private readonly media: MediaServerClient,
  ) {}

  onModuleInit() {
    this.redis = new BullmqConnections(this.config, 'media schedules', this.logger);
    this.queue = new Queue(MEDIA_SCHEDULE_QUEUE, this.redis.options());
    this.worker = new Worker(MEDIA_SCHEDULE_QUEUE, (job) => this.process(job), {
      ...this.redis.options(),
      concurrency: 1,
      autorun: false,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`Media schedule job ${job?.id} failed: ${error.message}`),
    );
    this.worker.on('error', () => undefined);
    this.queue.on('error', () => undefined);
  }

  /** Reconciles in the background: a Redis that is down must not hold up the backend's start. */
  onApplicationBootstrap() {
    void this.reconcile().catch((e: unknown) =>
      this.logger.error(`Media schedules not reconciled: ${String(e)}`),
    );
    void this.worker.run().catch((e: unknown) => this.logger.error(`Worker: ${String(e)}`));
  }

  async onApplicationShutdown() {
    await this.redis.close(
      () => this.worker?.close(),
      () => this.queue?.close(),
    );
  }

  /** Adds the missing jobs of every open schedule (jobs that exist are left as they are). */
  async reconcile(): Promise<void> {
    const open = await this.schedules.listOpen();
    for (const s of open) await this.plan(s, false);
    if (open.length) this.logger.log(`Media schedules reconciled: ${open.length} open`);
  }

  /** Plans a schedule's jobs; replace: drop existing ones first (after an edit). */
  async plan(s: Schedule, replace = true): Promise<void> {
    if (replace) await this.unplan(s._id);
    if (s.status === 'READY') await this.add(s._id, MEDIA_SCHEDULE_JOB.start, s.startDate);
    if (s.status !== 'EXPIRED') await this.add(s._id, MEDIA_SCHEDULE_JOB.end, s.endDate);
  }

  async unplan(scheduleId: string): Promise<void> {
    for (const name of Object.values(MEDIA_SCHEDULE_JOB)) {
      // A running job cannot be removed; it re-reads the schedule and acts on what it finds.
      await this.queue.remove(mediaScheduleJobId(scheduleId, name)).catch(() => 0);
    }
  }

  private async add(scheduleId: string, name: MediaScheduleJobName, at: string) {
    await this.queue.add(
      name,
      { scheduleId },
      {
        jobId: mediaScheduleJobId(scheduleId, name),
        delay: Math.max(0, Date.parse(at) - Date.now()),
        attempts: 8,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  private async process(job: Job<MediaScheduleJobData>): Promise<void> {
    const { scheduleId } = mediaScheduleJobDataSchema.parse(job.data);
    const s = await this.schedules.findById(scheduleId);
    if (!s) return;
    if (job.name === MEDIA_SCHEDULE_JOB.start) {
      if (s.status === 'READY' && Date.parse(s.startDate) <= Date.now()) await this.start(s);
      return;
    }
    if (Date.parse(s.endDate) > Date.now()) {
      // The end moved later after this job was planned: plan it again.
      if (s.status !== 'EXPIRED') await this.add(s._id, MEDIA_SCHEDULE_JOB.end, s.endDate);
      return;
    }
    if (s.status === 'READY') await this.start(s);
    if (s.status !== 'EXPIRED') await this.end(s);
  }

  private async start(s: Schedule) {
    const result = await this.media.move(
      s.mediaFolderName,
      MEDIA_FOLDER.pending,
      tagFolder(s.destination),
      s.files,
    );
    if (result.failedFiles?.length)
      this.logger.warn(`Schedule ${s._id} start: not moved ${result.failedFiles.join(', ')}`);
    await this.schedules.transition(s._id, 'READY', 'ACTIVE');
    this.logger.log(`Schedule ${s._id} ACTIVE in ${s.mediaFolderName}/${s.destination}`);
  }

  private async end(s: Schedule) {
    const result = await this.media.move(
      s.mediaFolderName,
      tagFolder(s.destination),
      MEDIA_FOLDER.expired,
      s.files,
    );
    if (result.failedFiles?.length)
      this.logger.warn(`Schedule ${s._id} end: not moved ${result.failedFiles.join(', ')}`);
    await this.schedules.transition(s._id, 'ACTIVE', 'EXPIRED');
    this.logger.log(`Schedule ${s._id} EXPIRED`);
  }
}
