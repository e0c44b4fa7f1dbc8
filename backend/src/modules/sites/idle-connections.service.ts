import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ConfigService } from '../../config/config.service';
import { startClusterInterval } from '../redis/cluster-interval';
import { RedisService } from '../redis/redis.service';
import { Clock } from '../tentacles/clock';
import { PortalConnectionsRepository } from './portal-connections.repository';
import { LiveStatusService } from '../live-status/live-status.service';

const LOCK_NAME = 'site-idle-check';

/**
 * Closes portal connections unused for SITE_IDLE_TIMEOUT_MS (spec §2 Timeout), so the store goes
 * back to online and the portal's next call with the site token gets SITE_CONNECTION_CLOSED.
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

  /** One pass; returns how many connections it closed. */
  async closeIdle(): Promise<number> {
    const idleMs = this.config.get('siteIdleTimeoutMs');
    const now = this.clock.now().getTime();
    let closed = 0;
    for (const { field, raw, connection } of await this.connections.listRaw()) {
      if (now - Date.parse(connection.lastAccessed) < idleMs) continue;
      if (await this.connections.closeIfUnchanged(field, raw)) {
        closed++;
        this.live.changed();
        this.logger.log(
          `Closed idle connection of ${connection.user} to ${connection.company}/${connection.store}`,
        );
      }
    }
    return closed;
  }
}
