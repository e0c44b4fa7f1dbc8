import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { STORE_STATUS } from '@store-cloud/contracts';
import { ConfigService } from '../../config/config.service';
import { startClusterInterval } from '../scheduling';
import { RedisService } from '../redis';
import { Clock } from '../../common/clock/clock';
import { TentaclesService } from '../tentacles';
import { MessageQueueService } from './message-queue.service';
import { StoreLinkGateway } from './store-link.gateway';

/** Delivered and failed messages stay this long in the outbox (for the delivery states). */
const KEEP_FINISHED_MS = 30 * 24 * 3600_000;

/**
 * Catches what the delivery on connect misses: a message held just as its store connected, or
 * one left delivering by a node that died while its store stayed connected. One node per round
 * (a Redis lock) sends the held messages of every store that is online and has a socket, through
 * the store's room (the Redis adapter finds the node that holds its socket).
 */
@Injectable()
export class HeldMessagesSweepService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HeldMessagesSweepService.name);
  private stop: (() => void) | undefined;

  constructor(
    private readonly config: ConfigService,
    private readonly redis: RedisService,
    private readonly queue: MessageQueueService,
    private readonly link: StoreLinkGateway,
    private readonly tentacles: TentaclesService,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap() {
    // Delivery waits for the store's acknowledgement, which only a socket.io server gets (the
    // Redis emitter a worker has cannot wait for one): API nodes run this sweep.
    if (!this.config.servesApi) return;
    this.stop = startClusterInterval({
      redis: this.redis,
      lockName: 'site-outbox-sweep',
      intervalMs: this.config.get('outboxSweepIntervalMs'),
      logger: this.logger,
      work: () => this.sweep(),
    });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  /** One round; answers how many messages the stores acknowledged. */
  async sweep(): Promise<number> {
    let delivered = 0;
    for (const { company, store } of await this.queue.storesWithHeldMessages()) {
      const { status } = await this.tentacles.statusOf(company, store);
      if (status === STORE_STATUS.offline || !(await this.link.isReachable(company, store)))
        continue;
      delivered += await this.queue.deliver(company, store, (request) =>
        this.link.request(company, store, request),
      );
    }
    await this.queue.removeFinishedBefore(new Date(this.clock.now().getTime() - KEEP_FINISHED_MS));
    return delivered;
  }
}
