import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ConfigService } from '../../config/config.service';
import { startClusterInterval } from '../scheduling';
import { RedisService } from '../redis';
import { Clock } from '../../common/clock/clock';
import { PortalConnectionsRepository } from '../portal-connections';
import { LiveStatusService } from '../live-status';

const LOCK_NAME = 'site-idle-check';

/**
 * Closes portal connections unused for SITE_IDLE_TIMEOUT_MS (spec §2 Timeout), or whose portal
 * stopped its heartbeat for SITE_ABANDON_MS (a closed tab), so the store goes back to online
 * and the portal's next call with the site token gets SITE_CONNECTION_CLOSED.
 * One node per round does it (a Redis lock); a connection touched meanwhile is left open.
 */
@Injectable()
export class IdleConnectionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IdleConnectionsService.name);
  private stop: (() => void) | undefined;

  constructor(
    private readonly config: ConfigService,
    private readonly connections: PortalConnectionsRepository,
    private readonly redis: RedisService,
    private readonly clock: Clock,
    private readonly live: LiveStatusService,
  ) {}

  onApplicationBootstrap() {
    // A cluster-wide sweep: the worker process runs it (API nodes only serve).
    if (!this.config.runsJobs) return;
    this.stop = startClusterInterval({
      redis: this.redis,
      lockName: LOCK_NAME,
      intervalMs: this.config.get('siteIdleCheckIntervalMs'),
      logger: this.logger,
      work: () => this.closeIdle(),
    });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  /**
   * One pass; returns how many connections it closed: idle ones (no call for
   * SITE_IDLE_TIMEOUT_MS) and abandoned ones (no call nor heartbeat for SITE_ABANDON_MS).
   */
  async closeIdle(): Promise<number> {
    const idleMs = this.config.get('siteIdleTimeoutMs');
    const abandonMs = this.config.get('siteAbandonMs');
    const now = this.clock.now().getTime();
    let closed = 0;
    for (const { field, raw, connection } of await this.connections.listRaw()) {
      const idle = now - Date.parse(connection.lastAccessed) >= idleMs;
      const lastSeen = Date.parse(connection.lastSeen ?? connection.lastAccessed);
      const abandoned = now - lastSeen >= abandonMs;
      if (!idle && !abandoned) continue;
      if (await this.connections.closeIfUnchanged(field, raw)) {
        closed++;
        this.live.changed();
        this.logger.log(
          `Closed ${idle ? 'idle' : 'abandoned'} connection of ${connection.user} to ${connection.company}/${connection.store}`,
        );
      }
    }
    return closed;
  }
}
