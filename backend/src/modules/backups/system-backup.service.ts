import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type {
  SystemBackupData,
  SystemRestoreResult,
  SystemRestoreState,
} from '@store-cloud/contracts';
import { ConfigService } from '../../config/config.service';
import {
  acquireOwnedLock,
  breakLockOfGoneHolder,
  holderIsGone,
  LOCK_HOLDER,
  RedisService,
} from '../redis';
import { CompaniesStamp, CredentialsAtRestService } from '../companies';
import { SessionCache } from '../sessions';
import { UserAccessCache } from '../users';
import { BackupError } from './backups.errors';
import { DatabaseDumpRepository, newRestoreId, type RestoreRun } from './database-dump.repository';

const LOCK_KEY = 'backups:restore-lock';

/** This backend as a backup server: GET and POST /portal/systembackup. */
@Injectable()
export class SystemBackupService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SystemBackupService.name);
  /** Restores are accepted only once the interrupted ones were finished or rolled back. */
  private recovered = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly dump: DatabaseDumpRepository,
    private readonly redis: RedisService,
    private readonly config: ConfigService,
    private readonly userAccess: UserAccessCache,
    private readonly sessions: SessionCache,
    private readonly companiesStamp: CompaniesStamp,
    private readonly credentialsAtRest: CredentialsAtRestService,
  ) {}

  private get ttlMs() {
    return this.config.get('restoreLockTtlMs');
  }

  /**
   * A restore a crash interrupted is finished or rolled back before this node serves, whatever
   * Redis says (the journal in the database is the truth): at once when its journal tells its
   * holder is gone (a stale heartbeat, or a stopped process of this host, see holderIsGone),
   * without waiting for the dead holder's lock. A restore still renewing its journal runs on
   * another node; this node waits up to two lock TTLs for it, saying so, then goes on starting
   * and keeps checking in the background, refusing restores until it is clear.
   */
  async onApplicationBootstrap() {
    // Two TTLs as six waits of a third (counted, not timed: a moved Clock must not stall startup).
    for (let wait = 0; !(await this.tryRecover()) && wait < 6; wait++) {
      if (wait === 0) {
        this.logger.warn(
          `A restore is running on another node: waiting up to ${(2 * this.ttlMs) / 1000} s for it before serving`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, this.ttlMs / 3));
    }
    if (!this.recovered) this.scheduleRecovery();
    // A restore finished by the recovery may have brought plain-text passwords back.
    else await this.encryptPlainText();
  }

  /** Encrypts what a restore (or anything older) left in plain text; never fails the caller. */
  private async encryptPlainText() {
    try {
      await this.credentialsAtRest.encryptPlainText();
    } catch (error) {
      this.logger.error(`Encrypting restored plain-text passwords failed: ${String(error)}`);
    }
  }

  onApplicationShutdown() {
    clearTimeout(this.retry);
  }

  private scheduleRecovery() {
    this.retry = setTimeout(() => {
      void this.tryRecover().then((done) => done || this.scheduleRecovery());
    }, this.ttlMs / 3);
    this.retry.unref();
  }

  private async tryRecover(): Promise<boolean> {
    try {
      this.recovered = (await this.dump.recover(this.ttlMs, LOCK_HOLDER, holderIsGone)) === 0;
    } catch (error) {
      this.logger.warn(`Restore recovery failed, trying again: ${String(error)}`);
    }
    return this.recovered;
  }

  /** What became of the restore asked with `requestId` (its caller may have lost the answer). */
  async restoreState(requestId: string): Promise<SystemRestoreState> {
    return { outcome: await this.dump.outcome(requestId, this.ttlMs, holderIsGone) };
  }

  /** No password leaves in plain text: anything stored plain is encrypted before the dump. */
  async export(): Promise<SystemBackupData> {
    await this.encryptPlainText();
    if ((await this.credentialsAtRest.countPlainText()) > 0) {
      throw BackupError.unavailable('Stored passwords are being encrypted; try again in a minute');
    }
    return this.dump.export();
  }

  /**
   * One restore at a time per database: every node shares an owned Redis lock whose holder
   * renews it (and its journal) every third of a TTL; a killed holder lets go within a TTL.
   */
  async restore(data: SystemBackupData, requestId?: string): Promise<SystemRestoreResult> {
    if (!this.recovered) {
      throw BackupError.conflict(
        'This server is finishing an interrupted restore; try again in a minute',
      );
    }
    let run: RestoreRun | undefined;
    const acquire = () =>
      acquireOwnedLock(this.redis.client, LOCK_KEY, {
        ttlMs: this.ttlMs,
        logger: this.logger,
        onBeat: () => (run ? this.dump.touch(run) : Promise.resolve()),
      });
    let lock = await acquire();
    // A crashed process's lock is not waited out (its restore was recovered at start).
    if (!lock && (await breakLockOfGoneHolder(this.redis.client, LOCK_KEY, this.logger))) {
      lock = await acquire();
    }
    if (!lock) throw BackupError.conflict('A restore is already running on this server');
    try {
      // Redis may have forgotten a running restore's lock: its journal still shows it.
      if ((await this.dump.recover(this.ttlMs, lock.owner, holderIsGone)) > 0) {
        throw BackupError.conflict('A restore is already running on this server');
      }
      run = {
        id: newRestoreId(),
        owner: lock.owner,
        requestId,
        pauseAt: this.config.get('restorePauseAt'),
      };
      const result = await this.dump.restore(data, run);
      // An old backup may carry plain-text passwords: they are encrypted as at start.
      await this.encryptPlainText();
      // The users and companies came back as the backup had them: no node may keep its copies
      // (the users behind site tokens, their token generations, the connected companies).
      await Promise.all([
        this.userAccess.everyoneChanged(),
        this.sessions.everyoneChanged(),
        this.companiesStamp.changed(),
      ]);
      return result;
    } finally {
      await lock.release().catch((error: Error) => {
        this.logger.warn(`Restore lock not released (it expires by itself): ${error.message}`);
      });
    }
  }
}
