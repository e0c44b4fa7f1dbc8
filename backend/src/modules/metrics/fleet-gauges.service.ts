import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { BACKUP_QUEUE, MEDIA_SCHEDULE_QUEUE } from '@store-cloud/contracts';
import type { Queue } from 'bullmq';
import { Clock } from '../../common/clock/clock';
import { ConfigService } from '../../config/config.service';
import { BackupJobsService } from '../backups';
import { MasterDataRepository } from '../master-data';
import { BullmqConnections } from '../redis';
import { PortalConnectionsRepository } from '../portal-connections';
import { MessageDeliveriesRepository, OutboxRepository } from '../sites';
import { TentaclesService } from '../tentacles';
import { BACKEND_METRICS as M } from '../../common/metrics/backend-metrics';

/** A read that takes longer is given up; the gauges keep their last values. */
const READ_TIMEOUT_MS = 5_000;
const QUEUES = [BACKUP_QUEUE, MEDIA_SCHEDULE_QUEUE];
const QUEUE_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;

/**
 * The cluster's state as gauges (stores online by company, open portal connections, held
 * messages, deliveries by state, queue depths, backup age): read from MongoDB and Redis on a
 * scrape at most every METRICS_READ_INTERVAL_MS, each read a count on an index or a key, never a scan per
 * scrape. Only a process that runs jobs (the worker, or a lone backend) reports them, so a
 * cluster has one series each, however many API nodes it runs.
 */
@Injectable()
export class FleetGauges implements OnApplicationShutdown {
  private readonly logger = new Logger(FleetGauges.name);
  private redis?: BullmqConnections;
  private queues: Queue[] = [];
  private readAt = 0;
  private reading?: Promise<void>;
  private lastError = '';

  constructor(
    private readonly config: ConfigService,
    private readonly clock: Clock,
    private readonly tentacles: TentaclesService,
    private readonly connections: PortalConnectionsRepository,
    private readonly outbox: OutboxRepository,
    private readonly deliveries: MessageDeliveriesRepository,
    private readonly backupJobs: BackupJobsService,
    private readonly masterData: MasterDataRepository,
  ) {}

  get reports(): boolean {
    return this.config.runsJobs;
  }

  /**
   * The queues' connections open at the first scrape, not at start: a process nobody scrapes
   * (and one started while Redis is down) holds no extra Redis connections.
   */
  private queuesToRead(): Queue[] {
    if (!this.redis) {
      this.redis = new BullmqConnections(this.config, 'metrics', this.logger);
      this.queues = QUEUES.map((name) => this.redis!.queue(name, true));
    }
    return this.queues;
  }

  async onApplicationShutdown() {
    await this.redis?.close(...this.queues.map((q) => () => q.close()));
  }

  /** Reads the gauges again when the last read is older than the interval (one read at a time). */
  async refresh(): Promise<void> {
    if (!this.reports) return;
    const interval = this.config.get('metricsReadIntervalMs');
    if (this.readAt && this.clock.now().getTime() - this.readAt < interval) return;
    this.reading ??= this.readWithin().finally(() => (this.reading = undefined));
    await this.reading;
  }

  private async readWithin(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), READ_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.read(), gaveUp]);
      this.readAt = this.clock.now().getTime();
      M.fleetRead.set(this.readAt / 1000);
      this.lastError = '';
    } catch (error) {
      // The scrape still answers, with the last values and an older read timestamp.
      const message = (error as Error).message;
      if (message !== this.lastError) this.logger.warn(`Cluster gauges not read: ${message}`);
      this.lastError = message;
    } finally {
      clearTimeout(timer);
    }
  }

  private async read(): Promise<void> {
    await Promise.all([
      this.readStores(),
      this.readMessages(),
      this.readQueues(),
      this.readBackups(),
    ]);
  }

  private async readStores() {
    const [online, connected, registered] = await Promise.all([
      this.tentacles.list(),
      this.connections.connectedStores(),
      this.masterData.estimatedStoreCount(),
    ]);
    const byCompany = new Map<number, number>();
    for (const { enterprise } of online) {
      byCompany.set(enterprise.company, (byCompany.get(enterprise.company) ?? 0) + 1);
    }
    M.storesOnline.reset();
    for (const [company, count] of byCompany)
      M.storesOnline.set({ company: String(company) }, count);
    M.portalConnections.set(connected.size);
    M.storesRegistered.set(registered);
  }

  private async readMessages() {
    M.heldMessages.set(await this.outbox.countOpen());
    // The state's key (deliveredLater), not its portal text ('Delivered later').
    for (const [state, count] of Object.entries(await this.deliveries.countSitesByState()))
      M.deliveries.set({ state }, count);
  }

  private async readQueues() {
    const queues = this.queuesToRead();
    const counts = await Promise.all(queues.map((q) => q.getJobCounts(...QUEUE_STATES)));
    this.queues.forEach((queue, i) => {
      for (const state of QUEUE_STATES) {
        M.queueJobs.set({ queue: queue.name, state }, counts[i]![state] ?? 0);
      }
    });
  }

  /** Per backup server (a handful): the age of its newest completed backup. */
  private async readBackups() {
    const last = await this.backupJobs.lastBackups();
    const now = this.clock.now().getTime();
    M.backupAge.reset();
    for (const { serverName: server, finishedAt } of last)
      M.backupAge.set({ server }, Math.max(0, (now - finishedAt.getTime()) / 1000));
  }
}
