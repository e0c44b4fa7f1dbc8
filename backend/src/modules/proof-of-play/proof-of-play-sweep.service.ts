import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ConfigService } from '../../config/config.service';
import { RedisService } from '../redis';
import { startClusterInterval } from '../scheduling';
import { ProofOfPlayService } from './proof-of-play.service';

/** Once a minute, on one node, the worker applies batches recorded but not applied. */
const SWEEP_INTERVAL_MS = 60_000;

@Injectable()
export class ProofOfPlaySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProofOfPlaySweep.name);
  private stop: (() => void) | undefined;

  constructor(
    private readonly config: ConfigService,
    private readonly redis: RedisService,
    private readonly proofOfPlay: ProofOfPlayService,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.runsJobs) return;
    // Before this node serves: a new database gets its record at once, not a minute later in
    // the middle of whatever runs then (a backup's export, say).
    try {
      await this.proofOfPlay.recordLegacyDaysMovedIfNone();
    } catch (error) {
      // Not fatal: the sweep records it once it finds no old day.
      this.logger.warn(`Checking popdaily for old days failed: ${(error as Error).message}`);
    }
    this.stop = startClusterInterval({
      redis: this.redis,
      lockName: 'proof-of-play-sweep',
      intervalMs: SWEEP_INTERVAL_MS,
      logger: this.logger,
      work: () => this.proofOfPlay.sweep(),
    });
  }

  onApplicationShutdown() {
    this.stop?.();
  }
}
