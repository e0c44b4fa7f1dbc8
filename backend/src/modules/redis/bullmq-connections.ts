import type { Logger } from '@nestjs/common';
import { type Job, Queue, type Processor, Worker, type WorkerOptions } from 'bullmq';
import Redis, { type RedisOptions } from 'ioredis';
import type { ConfigService } from '../../config/config.service';
import { BACKEND_METRICS } from '../../common/metrics/backend-metrics';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis.service';

const CLOSE_WAIT_MS = 2000;

/** A job's run into the job metrics: its duration (BullMQ's own times) and failures. */
function recordJob(queue: string, outcome: 'completed' | 'failed', job?: Job) {
  if (outcome === 'failed') BACKEND_METRICS.jobFailures.inc({ queue });
  if (job?.processedOn && job.finishedOn) {
    const seconds = Math.max(0, job.finishedOn - job.processedOn) / 1000;
    BACKEND_METRICS.jobDuration.observe({ queue, outcome }, seconds);
  }
}

/**
 * The one way a service wires BullMQ: its queue, and its worker only in a process that runs
 * jobs (BACKEND_ROLE worker or all; API nodes only enqueue). Owns their Redis connections, logs
 * each distinct error once (BullMQ would print every retry) and closes without hanging.
 */
export class BullmqConnections {
  private readonly connections: Redis[] = [];
  private readonly url: string;
  private readonly prefix: string;
  private readonly runsJobs: boolean;

  constructor(
    config: ConfigService,
    private readonly label: string,
    private readonly logger: Logger,
  ) {
    this.url = config.get('redisUrl');
    this.prefix = `${config.get('redisPrefix')}:bull`;
    this.runsJobs = config.runsJobs;
  }

  /**
   * The queue a service adds jobs to. `failFast`: a request adds to it, so an add fails within
   * seconds while Redis is away (see queueOptions) instead of waiting for Redis.
   */
  queue<T>(name: string, failFast = false): Queue<T> {
    const queue = new Queue<T>(name, failFast ? this.queueOptions() : this.options());
    queue.on('error', (e) => this.warnOnce(e));
    return queue;
  }

  /**
   * The queue's worker (running unless options.autorun is false) in a process that runs jobs;
   * undefined on an API node, whose jobs wait in Redis for a worker process. Failed jobs and
   * worker errors are logged.
   */
  worker<T>(
    name: string,
    processor: Processor<T>,
    options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
  ): Worker<T> | undefined {
    if (!this.runsJobs) return undefined;
    const worker = new Worker<T>(name, processor, { ...options, ...this.options() });
    worker.on('failed', (job, error) => {
      this.logger.warn(`${this.label}: job ${job?.id} (${job?.name}) failed: ${error.message}`);
      recordJob(name, 'failed', job);
    });
    worker.on('completed', (job) => recordJob(name, 'completed', job));
    worker.on('error', (e) => this.warnOnce(e));
    return worker;
  }

  /** What a BullMQ Queue or Worker needs: a new connection and the backend's key prefix. */
  private options(): { connection: Redis; prefix: string } {
    // BullMQ needs maxRetriesPerRequest null: a worker's blocking commands must wait, not fail.
    return { connection: this.open({ maxRetriesPerRequest: null }), prefix: this.prefix };
  }

  /**
   * For a Queue that a request adds jobs to: while Redis is away, an add fails within a few
   * seconds (the caller answers 503 or leaves it to a reconcile) instead of waiting for Redis.
   */
  private queueOptions(): { connection: Redis; prefix: string } {
    const connection = this.open({
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS * 2,
    });
    return { connection, prefix: this.prefix };
  }

  private lastError = '';

  /**
   * Connection errors repeat on every retry, and reach both ioredis and BullMQ: one line per
   * distinct message.
   */
  private warnOnce(e: Error, source = 'BullMQ') {
    if (e.message !== this.lastError) this.logger.warn(`${source} (${this.label}): ${e.message}`);
    this.lastError = e.message;
  }

  private open(options: RedisOptions): Redis {
    const redis = new Redis(this.url, options);
    redis.on('error', (e: Error) => this.warnOnce(e, 'Redis'));
    redis.on('ready', () => (this.lastError = ''));
    this.connections.push(redis);
    return redis;
  }

  /**
   * Runs the closers (worker and queue close calls), then drops the connections. With Redis
   * unreachable, BullMQ's close() waits for a connection that never comes: each closer gets
   * CLOSE_WAIT_MS at most, so a backend without Redis still stops.
   */
  async close(...closers: Array<() => Promise<unknown> | undefined>): Promise<void> {
    if (this.connections.some((c) => c.status !== 'ready')) this.disconnect();
    for (const close of closers) {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
      await Promise.race([close()?.catch(() => undefined), gaveUp]);
      clearTimeout(timer);
    }
    this.disconnect();
  }

  private disconnect() {
    for (const c of this.connections) c.disconnect();
  }
}
