import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import {
  AUDIT_ACTION,
  MEDIA_FOLDER,
  MEDIA_SCHEDULE_JOB,
  MEDIA_SCHEDULE_QUEUE,
  type MediaScheduleJobData,
  mediaScheduleJobDataSchema,
  mediaScheduleEdgeJobId,
  mediaScheduleJobId,
  type MediaScheduleJobName,
  type Schedule,
  type ScheduleRepeat,
} from '@store-cloud/contracts';
import type { Job, Queue, Worker } from 'bullmq';
import { ConfigService } from '../../config/config.service';
import { BullmqConnections, RedisService } from '../redis';
import { startClusterInterval } from '../scheduling';
import { isRedisUnavailable } from '../../common/errors/redis-unavailable';
import { AuditService, PLATFORM_ACTOR, mediaFileEvent } from '../audit';
import { BulkActionsService } from '../bulk-actions';
import { IntegrationCompaniesRepository } from '../companies';
import { MediaServerClient } from './media-server.client';
import { SchedulesRepository } from './schedules.repository';
import { BACKEND_METRICS, SCHEDULE_STEP_LATE_SECONDS } from '../../common/metrics/backend-metrics';
import { type RepeatPlace, repeatStep } from './daypart-steps';
import { lastEdge, nextEdge } from './daypart-windows';

const tagFolder = (tag: string) => `${MEDIA_FOLDER.tags}/${tag}`;

type Repeating = Schedule & { repeat: ScheduleRepeat };
const isRepeating = (s: Schedule): s is Repeating => s.repeat !== undefined;

/**
 * Runs schedules: a delayed BullMQ job per schedule and transition (jobId = schedule id + job
 * name). At start the files move pending -> tags/{destination} and the schedule becomes ACTIVE;
 * at end tags/{destination} -> expired and it becomes EXPIRED. The database status is the truth:
 * a job that finds the schedule already past its step does nothing, so duplicates are harmless.
 * API nodes plan jobs; the worker process runs them. On the worker's start, and then every
 * SCHEDULE_RECONCILE_INTERVAL_MS on one worker (a Redis lock), every READY
 * or ACTIVE schedule gets its missing jobs (re)added, with no delay when its time passed while
 * the backend was down: a Redis that forgot the jobs heals within one interval.
 *
 * A repeating schedule (dayparting) has one job per window edge instead: each brings the schedule
 * to where the time wants it (files in the tag inside a window, in pending between windows, in
 * expired after the end) and plans the next edge. Its move is recorded in the database before it
 * is made (`step`), so a process killed in between makes it at the next run.
 */
@Injectable()
export class ScheduleEngine implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ScheduleEngine.name);
  private queue!: Queue<MediaScheduleJobData>;
  private worker: Worker<MediaScheduleJobData> | undefined;
  private redis!: BullmqConnections;
  private stopReconcile: (() => void) | undefined;

  constructor(
    private readonly config: ConfigService,
    private readonly schedules: SchedulesRepository,
    private readonly media: MediaServerClient,
    private readonly locks: RedisService,
    private readonly companies: IntegrationCompaniesRepository,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly bulk: BulkActionsService,
  ) {}

  onModuleInit() {
    this.redis = new BullmqConnections(this.config, 'media schedules', this.logger);
    this.queue = this.redis.queue<MediaScheduleJobData>(MEDIA_SCHEDULE_QUEUE, true);
    this.worker = this.redis.worker<MediaScheduleJobData>(
      MEDIA_SCHEDULE_QUEUE,
      (job) => this.process(job),
      { concurrency: 1, autorun: false },
    );
  }

  /**
   * In a process that runs jobs: reconciles in the background (a Redis that is down must not
   * hold up the start), runs the worker and reconciles again every interval on one node.
   */
  onApplicationBootstrap() {
    if (!this.worker) return;
    void this.reconcile().catch((e: unknown) =>
      this.logger.error(`Media schedules not reconciled: ${String(e)}`),
    );
    void this.worker.run().catch((e: unknown) => this.logger.error(`Worker: ${String(e)}`));
    this.stopReconcile = startClusterInterval({
      redis: this.locks,
      lockName: 'media-schedule-reconcile',
      intervalMs: this.config.get('scheduleReconcileIntervalMs'),
      logger: this.logger,
      work: () => this.reconcile(),
    });
  }

  async onApplicationShutdown() {
    this.stopReconcile?.();
    await this.redis.close(
      () => this.worker?.close(),
      () => this.queue?.close(),
    );
  }

  /** Adds the missing jobs of every open schedule (jobs that exist are left as they are). */
  async reconcile(): Promise<number> {
    // A removed company's schedules rest (soft removal): re-adding the company brings them back
    // here, at the next reconcile.
    const connected = new Set((await this.companies.list()).map((c) => c.companyId));
    const open = (await this.schedules.listOpen()).filter((s) => connected.has(s.companyId));
    let added = 0;
    for (const s of open) added += await this.addJobs(s);
    if (added) this.logger.log(`Media schedules reconciled: ${added} job(s) added`);
    return added;
  }

  /**
   * Plans a schedule's jobs after a save (the schedule is already in the database); drops its
   * old jobs first. With Redis away the save still stands: the next reconcile plans it.
   */
  async plan(s: Schedule): Promise<void> {
    try {
      await this.unplan(s._id);
      await this.addJobs(s);
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
      this.logger.warn(`Schedule ${s._id} will be planned by the next reconcile (Redis away)`);
    }
  }

  /** Adds the schedule's jobs that do not exist; answers how many it added. */
  private async addJobs(s: Schedule): Promise<number> {
    if (isRepeating(s)) return this.addEdgeJobs(s);
    let added = 0;
    if (s.status === 'READY' && (await this.add(s._id, MEDIA_SCHEDULE_JOB.start, s.startDate)))
      added++;
    if (s.status !== 'EXPIRED' && (await this.add(s._id, MEDIA_SCHEDULE_JOB.end, s.endDate)))
      added++;
    return added;
  }

  /** Drops a schedule's jobs; one left behind (Redis away) finds the schedule gone and does nothing. */
  async unplan(scheduleId: string): Promise<void> {
    for (const name of Object.values(MEDIA_SCHEDULE_JOB)) {
      // A running job cannot be removed; it re-reads the schedule and acts on what it finds.
      await this.queue.remove(mediaScheduleJobId(scheduleId, name)).catch(() => 0);
    }
  }

  /**
   * A repeating schedule's jobs: its next edge, and its last one again (at once) when it does not
   * stand where it should (a step missed while the backend was down, or a move left unmade).
   */
  private async addEdgeJobs(s: Repeating): Promise<number> {
    if (s.status === 'EXPIRED') return 0;
    const now = this.clock.now().getTime();
    const state = await this.schedules.runState(s._id);
    let added = 0;
    if (state && (state.step || repeatStep(s, state, now)))
      added += Number(await this.addEdge(s._id, lastEdge(s, now) ?? now));
    const next = nextEdge(s, now);
    if (next !== undefined) added += Number(await this.addEdge(s._id, next));
    return added;
  }

  private addEdge(scheduleId: string, edge: number): Promise<boolean> {
    return this.add(scheduleId, MEDIA_SCHEDULE_JOB.edge, new Date(edge).toISOString(), edge);
  }

  /** Adds the job unless one with its id exists; true when it added it. */
  private async add(
    scheduleId: string,
    name: MediaScheduleJobName,
    at: string,
    edge?: number,
  ): Promise<boolean> {
    const jobId =
      edge === undefined
        ? mediaScheduleJobId(scheduleId, name)
        : mediaScheduleEdgeJobId(scheduleId, edge);
    if (await this.queue.getJob(jobId)) return false;
    await this.queue.add(name, edge === undefined ? { scheduleId } : { scheduleId, edge }, {
      jobId,
      delay: Math.max(0, Date.parse(at) - this.clock.now().getTime()),
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: true,
    });
    return true;
  }

  private async process(job: Job<MediaScheduleJobData>): Promise<void> {
    const { scheduleId, edge } = mediaScheduleJobDataSchema.parse(job.data);
    const s = await this.schedules.findById(scheduleId);
    if (!s) return;
    // Removed while the job waited: nothing moves until the company is added again.
    if (!(await this.companies.findOne(s.companyId))) return;
    // A job planned before the schedule changed kind finds nothing of its kind to do.
    if (isRepeating(s) !== (job.name === MEDIA_SCHEDULE_JOB.edge)) return;
    if (isRepeating(s))
      return this.runRepeating(s, Math.max(this.clock.now().getTime(), edge ?? 0));
    if (job.name === MEDIA_SCHEDULE_JOB.start) {
      if (s.status === 'READY' && Date.parse(s.startDate) <= this.clock.now().getTime())
        await this.start(s);
      return;
    }
    if (Date.parse(s.endDate) > this.clock.now().getTime()) {
      // The end moved later after this job was planned: plan it again.
      if (s.status !== 'EXPIRED') await this.add(s._id, MEDIA_SCHEDULE_JOB.end, s.endDate);
      return;
    }
    if (s.status === 'READY') await this.start(s);
    if (s.status !== 'EXPIRED') await this.end(s);
  }

  private async start(s: Schedule) {
    this.recordLateness('start', s.startDate);
    await this.moveFiles(s, 'start', MEDIA_FOLDER.pending, tagFolder(s.destination));
    await this.schedules.transition(s._id, 'READY', 'ACTIVE');
    this.logger.log(`Schedule ${s._id} ACTIVE in ${s.mediaFolderName}/${s.destination}`);
  }

  private async end(s: Schedule) {
    this.recordLateness('end', s.endDate);
    await this.moveFiles(s, 'end', tagFolder(s.destination), MEDIA_FOLDER.expired);
    await this.schedules.transition(s._id, 'ACTIVE', 'EXPIRED');
    this.logger.log(`Schedule ${s._id} EXPIRED`);
  }

  /**
   * Brings a repeating schedule to where `at` (ms) wants it, then plans its next edge. The step
   * is claimed in the database first (one worker wins); a move claimed but unmade is made first.
   */
  private async runRepeating(s: Repeating, at: number) {
    const state = await this.schedules.runState(s._id);
    if (!state) return;
    const folder = (place: RepeatPlace) =>
      place === 'tag' ? tagFolder(s.destination) : MEDIA_FOLDER[place];
    if (state.step) {
      await this.moveFiles(s, state.step.kind, state.step.from, state.step.to);
      await this.schedules.finishStep(s._id);
    }
    const step = repeatStep(s, state, at);
    const move = step?.move && {
      ...step.move,
      from: folder(step.move.from),
      to: folder(step.move.to),
    };
    if (step && (await this.schedules.claimStep(s._id, state, step.state, move))) {
      if (move) {
        this.recordLateness(move.kind, new Date(step.since).toISOString());
        await this.moveFiles(s, move.kind, move.from, move.to);
        await this.schedules.finishStep(s._id);
      }
      this.logger.log(`Schedule ${s._id} ${step.state.status}, on air: ${step.state.onAir}`);
    }
    const next = nextEdge(s, at);
    if (next !== undefined) await this.addEdge(s._id, next);
  }

  /** How long after its time a step runs (a worker that was down, a backlog), for the metrics. */
  private recordLateness(step: 'start' | 'end', at: string) {
    const seconds = Math.max(0, (this.clock.now().getTime() - Date.parse(at)) / 1000);
    BACKEND_METRICS.scheduleStepLateness.observe({ step }, seconds);
    if (seconds > SCHEDULE_STEP_LATE_SECONDS) BACKEND_METRICS.scheduleStepsLate.inc({ step });
  }

  /**
   * Moves the schedule's files on the media server and writes one audit entry (the platform's)
   * per file that moved. The media server does not report moves made with the backend's own
   * service user, so each is recorded here once; a retried job finds the moved files gone
   * from the source and records nothing again.
   */
  private async moveFiles(s: Schedule, step: 'start' | 'end', from: string, to: string) {
    let result: Awaited<ReturnType<MediaServerClient['move']>>;
    try {
      result = await this.media.move(s.mediaFolderName, from, to, s.files);
    } catch (error) {
      // Recorded before the job's retry: the alerts see it even if every retry fails too.
      await this.schedules.recordStep(s._id, {
        step,
        at: this.clock.now(),
        files: s.files,
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
    const failed = new Set(result.failedFiles ?? []);
    if (failed.size)
      this.logger.warn(`Schedule ${s._id} ${step}: not moved ${[...failed].join(', ')}`);
    // The database holds the outcome (the alerts open media-schedule-failed from it).
    await this.schedules.recordStep(
      s._id,
      failed.size
        ? { step, at: this.clock.now(), files: [...failed], error: result.message ?? '' }
        : undefined,
    );
    // The bulk actions grid (issue 32 item 4): the push, per store of the tag.
    await this.bulk.recordSchedulePush({
      scheduleId: s._id,
      companyId: s.companyId,
      destination: s.destination,
      step,
      files: s.files,
      notMoved: [...failed],
      error: result.message,
      user: PLATFORM_ACTOR.username,
    });
    for (const file of s.files.filter((f) => !failed.has(f)))
      await this.audit.record(
        PLATFORM_ACTOR,
        mediaFileEvent({
          action: AUDIT_ACTION.mediaFileMove,
          companyId: s.companyId,
          mediaFolder: s.mediaFolderName,
          file,
          from,
          to,
          details: { schedule: s._id },
        }),
      );
  }
}
