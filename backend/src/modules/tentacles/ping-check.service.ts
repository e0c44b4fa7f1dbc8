import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { StorePingEntry } from '@store-cloud/contracts';
import { ConfigService } from '../../config/config.service';
import { startClusterInterval } from '../scheduling';
import { RedisService } from '../redis';
import { Clock } from '../../common/clock/clock';
import { type PingListChange, StorePingListRepository } from './store-ping-list.repository';
import { LiveStatusService } from '../live-status';

/**
 * Once per TENTACLE_CHECK_INTERVAL_MS raises noPingCounter of every store whose last ping is
 * older than one and a half intervals, and drops a store once the counter reaches
 * TENTACLE_MAX_MISSED_PINGS. A Redis lock lets only one backend node count per interval.
 */
@Injectable()
export class PingCheckService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PingCheckService.name);
  private stop: (() => void) | undefined;

  constructor(
    private readonly config: ConfigService,
    private readonly pingList: StorePingListRepository,
    private readonly clock: Clock,
    private readonly redis: RedisService,
    private readonly live: LiveStatusService,
  ) {}

  onApplicationBootstrap() {
    // A cluster-wide sweep: the worker process runs it (API nodes only serve).
    if (!this.config.runsJobs) return;
    this.stop = startClusterInterval({
      redis: this.redis,
      lockName: 'tentacle-ping-check',
      intervalMs: this.config.get('tentacleCheckIntervalMs'),
      logger: this.logger,
      work: () => this.checkOnce(),
    });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  /** One pass over the list; returns how many stores it dropped. */
  async checkOnce(): Promise<number> {
    const interval = this.config.get('tentacleCheckIntervalMs');
    const maxMisses = this.config.get('tentacleMaxMissedPings');
    const now = this.clock.now().getTime();
    const changes: PingListChange[] = [];
    for (const { raw, entry } of await this.pingList.listRaw()) {
      if (now - Date.parse(entry.datetime) <= interval * 1.5) continue;
      const next: StorePingEntry = { ...entry, noPingCounter: entry.noPingCounter + 1 };
      changes.push(
        next.noPingCounter >= maxMisses ? { op: 'del', raw, entry } : { op: 'set', raw, next },
      );
    }
    await this.pingList.applyChanges(changes);
    const dropped = changes.flatMap((c) =>
      c.op === 'del'
        ? [
            {
              companyId: c.entry.enterprise.company,
              storeId: c.entry.enterprise.store,
              online: false,
            },
          ]
        : [],
    );
    this.live.storesChanged(dropped);
    return dropped.length;
  }
}
