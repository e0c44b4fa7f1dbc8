import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  type MessageQueueItem,
  SITE_MESSAGE_QUEUE,
  SITE_API,
  type SiteReply,
  type SiteRequest,
} from '@store-cloud/contracts';
import { type Job, Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { ConfigService } from '../../config/config.service';
import { BullmqConnections } from '../redis/bullmq-connections';
import { RedisService } from '../redis/redis.service';
import { storeKey } from '../redis/store-key';

export interface QueuedMessage {
  company: number;
  store: number;
  request: SiteRequest;
  item: MessageQueueItem;
}

const JOB_NAME = 'relay';
/** Long enough for a burst of held messages; renewed by nobody, so a crashed node frees it. */
const DELIVERY_LOCK_MS = 60_000;
/** 'company:store' of the stores with held messages: a connecting store costs one SISMEMBER. */
const PENDING_KEY = 'siteMessagesPending';

/**
 * Messages for an offline store (spec §2 Status "Message Queue"): BullMQ jobs that wait in the
 * queue, with no worker taking them, until the store's socket connects; then the node that holds
 * the socket sends them in order and removes each one the store acknowledged.
 */
@Injectable()
export class MessageQueueService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MessageQueueService.name);
  private queue!: Queue<QueuedMessage>;
  private connections!: BullmqConnections;

  constructor(
    private readonly config: ConfigService,
    private readonly redis: RedisService,
  ) {}

  onModuleInit() {
    this.connections = new BullmqConnections(this.config, 'message queue', this.logger);
    this.queue = new Queue<QueuedMessage>(SITE_MESSAGE_QUEUE, this.connections.options());
    this.queue.on('error', () => undefined);
  }

  async onApplicationShutdown() {
    await this.connections.close(() => this.queue?.close());
  }

  async hold(company: number, store: number, request: SiteRequest): Promise<MessageQueueItem> {
    const id = randomUUID();
    const query = new URLSearchParams(request.query).toString();
    const item: MessageQueueItem = {
      id,
      query,
      datetime: new Date().toISOString(),
      url: `${SITE_API.relayPrefix}${request.path}`,
    };
    await this.redis.client.sadd(PENDING_KEY, storeKey(company, store));
    await this.queue.add(JOB_NAME, { company, store, request, item }, { jobId: id });
    return item;
  }

  async list(): Promise<MessageQueueItem[]> {
    return (await this.waiting()).map((job) => job.data.item);
  }

  async clear(): Promise<void> {
    await this.queue.drain(true);
    await this.redis.client.del(PENDING_KEY);
  }

  /** Sends a store's held messages, oldest first; stops at the first that fails (kept for later). */
  async deliver(
    company: number,
    store: number,
    send: (request: SiteRequest) => Promise<SiteReply>,
  ): Promise<number> {
    if (!(await this.redis.client.sismember(PENDING_KEY, storeKey(company, store)))) return 0;
    const jobs = (await this.waiting()).filter(
      (j) => j.data.company === company && j.data.store === store,
    );
    if (!jobs.length) {
      await this.redis.client.srem(PENDING_KEY, storeKey(company, store));
      return 0;
    }
    const lock = `siteMessagesDelivery:${company}:${store}`;
    if ((await this.redis.client.set(lock, '1', 'PX', DELIVERY_LOCK_MS, 'NX')) !== 'OK') return 0;
    let delivered = 0;
    try {
      for (const job of jobs) {
        // Cleared or delivered meanwhile: skip.
        if (!(await this.queue.getJob(job.id!))) continue;
        await send(job.data.request);
        await job.remove();
        delivered++;
      }
    } finally {
      await this.redis.client.del(lock);
    }
    if (delivered) this.logger.log(`Delivered ${delivered} held message(s) to ${company}/${store}`);
    return delivered;
  }

  private async waiting(): Promise<Job<QueuedMessage>[]> {
    const jobs = await this.queue.getJobs(['waiting'], 0, -1, true);
    return jobs.filter(Boolean).sort((a, b) => a.timestamp - b.timestamp);
  }
}
