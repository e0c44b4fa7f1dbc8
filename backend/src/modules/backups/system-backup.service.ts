import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { SystemBackupData, SystemRestoreResult } from '@store-cloud/contracts';
import { randomUUID } from 'node:crypto';
import { RedisService } from '../redis/redis.service';
import { BackupError } from './backups.errors';
import { DatabaseDumpRepository } from './database-dump.repository';

const LOCK_KEY = 'backups:restore-lock';
const LOCK_TTL_MS = 30 * 60_000;

/** This backend as a backup server: GET and POST /portal/systembackup. */
@Injectable()
export class SystemBackupService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SystemBackupService.name);

  constructor(
    private readonly dump: DatabaseDumpRepository,
    private readonly redis: RedisService,
  ) {}

  /** A restore interrupted by a crash is rolled back, unless another node is restoring now. */
  async onApplicationBootstrap() {
    try {
      if ((await this.redis.client.exists(LOCK_KEY)) === 0) await this.dump.recover();
    } catch (error) {
      this.logger.warn(`Restore recovery skipped: ${String(error)}`);
    }
  }

  export(): Promise<SystemBackupData> {
    return this.dump.export();
  }

  /** One restore at a time per database (every node shares the lock through Redis). */
  async restore(data: SystemBackupData): Promise<SystemRestoreResult> {
    const token = randomUUID();
    const got = await this.redis.client.set(LOCK_KEY, token, 'PX', LOCK_TTL_MS, 'NX');
    if (got !== 'OK') throw BackupError.conflict('A restore is already running on this server');
    try {
      return await this.dump.restore(data);
    } finally {
      if ((await this.redis.client.get(LOCK_KEY)) === token) await this.redis.client.del(LOCK_KEY);
    }
  }
}
