import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  BACKUP_FORMAT,
  type BackupIndex,
  COLLECTION_NAME_PATTERN,
  type SystemBackupData,
  type SystemRestoreResult,
} from '@store-cloud/contracts';
import { mongo, type Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock/clock';
import { BackupError } from './backups.errors';

const { EJSON } = mongo.BSON;

/** The backup tool's own state is not part of a backup: restoring it would undo the restore. */
const NOT_BACKED_UP = new Set(['backups', 'backupservers', 'backupjobs']);
/**
 * The audit trail is append-only (issue 17): a backup leaves it out and a restore keeps the
 * target's own (it records the restore itself); an older backup that carries one restores without it.
 */
const AUDIT_TRAIL = 'auditlog';
/**
 * This server's live state, kept like the audit trail:
 * - sessions: a restore must never bring back a session that was ended (a logout, a password
 *   change) after the backup was made;
 * - alertstores: the alerts sweep's view of each store's presence, which it keeps up from the
 *   stores themselves; another server's (or an older) view would open and resolve incidents for
 *   spells that never happened here.
 */
const LIVE_STATE = new Set(['sessions', 'alertstores']);
/** Records a restore's swap so a crash half-way is rolled back at the next start. */
const JOURNAL = 'restorejournal';
const BATCH = 500;
/** How long an applied restore's outcome is kept for its caller to read. */
const OUTCOME_KEPT_MS = 7 * 24 * 3600_000;

const stagingName = (name: string, id: string) => `${name}__restore_${id}`;
const oldName = (name: string, id: string) => `${name}__old_${id}`;

/** Collections the platform owns and a backup carries: not system, backup or work collections. */
export const isBackedUp = (name: string) =>
  COLLECTION_NAME_PATTERN.test(name) &&
  !name.includes('__') &&
  !NOT_BACKED_UP.has(name) &&
  name !== JOURNAL &&
  name !== AUDIT_TRAIL &&
  !LIVE_STATE.has(name);

/** A restore's progress, written before each step so a crash at any point can be undone. */
interface JournalDoc {
  _id: string;
  /** done: applied and cleaned up, kept (for a restore asked with an id) as its outcome. */
  state: 'staging' | 'swapping' | 'committed' | 'done';
  /** The caller's id for this restore (its job), when it gave one. */
  requestId?: string;
  targets: string[];
  /** Targets that existed before: the others did not, and a rollback drops them. */
  existed: string[];
  /** The restore lock owner that runs it (holder and token). */
  owner: string;
  startedAt: Date;
  /** Renewed by the holder's heartbeat; older than one lock TTL: the holder is gone. */
  aliveAt: Date;
}

/** How one restore runs: its journal id, lock owner and (tests only) a stage to stop at. */
export interface RestoreRun {
  id: string;
  owner: string;
  /** The caller's id, under which the outcome is kept. */
  requestId?: string;
  pauseAt?: 'staging' | 'swap' | 'committed';
}

/** Makes a restore id: the suffix of its staging and set-aside collections. */
export const newRestoreId = () => randomBytes(4).toString('hex');

const WORK_SUFFIX = /__(?:restore|old)_([0-9a-f]+)$/;

/**
 * Reads and replaces the whole database. The only code that works on collections by name
 * rather than through a model, because a backup covers every domain's collections.
 *
 * A restore never leaves a half-restored database (DESIGN §7): the backup is written to
 * staging collections first (a bad document fails there, with the live data untouched), then
 * each live collection is renamed aside and its staging copy renamed in. FerretDB v1 has no
 * renameCollection dropTarget, so the swap is two renames per collection, journalled: a failure
 * or crash during the swap renames the old collections back.
 */
@Injectable()
export class DatabaseDumpRepository {
  private readonly logger = new Logger(DatabaseDumpRepository.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly clock: Clock,
  ) {}

  private get db() {
    const db = this.connection.db;
    if (!db) throw BackupError.unavailable('The database is not connected');
    return db;
  }

  private async collectionNames(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return infos.map((c) => c.name);
  }

  private async indexesOf(name: string): Promise<BackupIndex[]> {
    const indexes = await this.db.collection(name).indexes();
    return indexes
      .filter((i) => i.name !== '_id_')
      .map((i) => ({
        name: String(i.name),
        key: i.key as Record<string, number | string>,
        ...(i.unique ? { unique: true } : {}),
        ...(i.sparse ? { sparse: true } : {}),
      }));
  }

  async export(): Promise<SystemBackupData> {
    const names = (await this.collectionNames()).filter(isBackedUp).sort();
    const collections: SystemBackupData['collections'] = {};
    for (const name of names) {
      const docs = await this.db.collection(name).find().toArray();
      collections[name] = {
        indexes: await this.indexesOf(name),
        documents: docs.map(
          (d) => EJSON.serialize(d, { relaxed: true }) as Record<string, unknown>,
        ),
      };
    }
    return {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: this.clock.now().toISOString(),
      collections,
    };
  }

  async restore(backup: SystemBackupData, run: RestoreRun): Promise<SystemRestoreResult> {
    const { id } = run;
    // An older backup that carries the audit trail or live state restores without them.
    const collections = Object.fromEntries(
      Object.entries(backup.collections).filter(
        ([name]) => name !== AUDIT_TRAIL && !LIVE_STATE.has(name),
      ),
    );
    const data = { ...backup, collections };
    for (const name of Object.keys(data.collections)) {
      if (!isBackedUp(name)) throw BackupError.invalid(`The backup may not contain ${name}`);
    }
    const live = (await this.collectionNames()).filter(isBackedUp);
    // Collections the backup lacks are emptied: the result equals the backup, nothing mixed in.
    const targets = [...new Set([...Object.keys(data.collections), ...live])].sort();
    const existed = targets.filter((t) => live.includes(t));
    const journal = this.journal;
    // Journalled before the first staging copy exists, so none is ever left unaccounted for.
    const now = this.clock.now();
    await journal.insertOne({
      _id: id,
      state: 'staging',
      targets,
      existed,
      owner: run.owner,
      startedAt: now,
      aliveAt: now,
      ...(run.requestId ? { requestId: run.requestId } : {}),
    });

    let documents = 0;
    try {
      for (const [i, name] of targets.entries()) {
        if (run.pauseAt === 'staging' && i === Math.floor(targets.length / 2)) {
          await this.pause(id, 'staging');
        }
        const source = data.collections[name];
        const indexes = source ? source.indexes : await this.indexesOf(name);
        documents += await this.stage(
          stagingName(name, id),
          indexes,
          source?.documents ?? [],
          name,
        );
      }
    } catch (error) {
      await this.dropAll(targets.map((t) => stagingName(t, id)));
      await journal.deleteOne({ _id: id });
      throw error;
    }

    await journal.updateOne(
      { _id: id },
      { $set: { state: 'swapping', aliveAt: this.clock.now() } },
    );
    try {
      const existing = new Set(live);
      for (const [i, name] of targets.entries()) {
        if (existing.has(name)) await this.db.renameCollection(name, oldName(name, id));
        if (run.pauseAt === 'swap' && i === Math.floor(targets.length / 2)) {
          await this.pause(id, 'swap');
        }
        await this.db.renameCollection(stagingName(name, id), name);
      }
    } catch (error) {
      this.logger.error(`Restore ${id}: swap failed, rolling back: ${String(error)}`);
      await this.rollBack(id, targets, existed);
      await journal.deleteOne({ _id: id });
      throw BackupError.unavailable('The restore failed; the previous data was kept');
    }
    await journal.updateOne(
      { _id: id },
      { $set: { state: 'committed', aliveAt: this.clock.now() } },
    );
    if (run.pauseAt === 'committed') await this.pause(id, 'committed');
    await this.dropAll(targets.map((t) => oldName(t, id)));
    await this.done(id, run.requestId);
    return { collections: Object.keys(data.collections).length, documents };
  }

  /** An applied restore's journal: kept as its outcome when the caller named it, else deleted. */
  private async done(id: string, requestId: string | undefined): Promise<void> {
    if (requestId) {
      await this.journal.updateOne(
        { _id: id },
        { $set: { state: 'done', aliveAt: this.clock.now() } },
      );
    } else {
      await this.journal.deleteOne({ _id: id });
    }
  }

  /**
   * What became of the restore asked with `requestId`, from its journal: applied once committed;
   * running while its holder renews it (fresh within staleMs, holder not gone); else not
   * applied (never started, failed, rolled back, or a dead holder's that will be rolled back).
   */
  async outcome(
    requestId: string,
    staleMs: number,
    isGone: (owner: string) => boolean,
  ): Promise<'running' | 'applied' | 'not-applied'> {
    const entry = await this.journal.findOne({ requestId });
    if (!entry) return 'not-applied';
    if (entry.state === 'committed' || entry.state === 'done') return 'applied';
    const staleBefore = this.clock.now().getTime() - staleMs;
    return entry.aliveAt.getTime() > staleBefore && !isGone(entry.owner)
      ? 'running'
      : 'not-applied';
  }

  /** The holder's heartbeat: its restore is alive. False when the journal is not its own. */
  async touch(run: RestoreRun): Promise<boolean> {
    const result = await this.journal.updateOne(
      { _id: run.id, owner: run.owner },
      { $set: { aliveAt: this.clock.now() } },
    );
    return result.matchedCount === 1;
  }

  /**
   * Finishes or undoes every restore whose holder stopped renewing its journal for staleMs (it
   * crashed), then drops staging and set-aside copies no journal accounts for. Answers how
   * many restores are still running elsewhere (fresh journals), which were left alone.
   * Safe to run at any time and more than once; a crash while it runs is recovered next time.
   */
  async recover(
    staleMs: number,
    owner: string,
    isGone: (owner: string) => boolean = () => false,
  ): Promise<number> {
    // Collections first, journals second: a copy created after the listing is not looked at,
    // and one listed belongs to a journal that the later read sees.
    const names = await this.collectionNames();
    const journal = this.journal;
    const keptUntil = new Date(this.clock.now().getTime() - OUTCOME_KEPT_MS);
    await journal.deleteMany({ state: 'done', aliveAt: { $lt: keptUntil } });
    let running = 0;
    for (const entry of await journal.find({ state: { $ne: 'done' } }).toArray()) {
      const staleBefore = new Date(this.clock.now().getTime() - staleMs);
      const gone = isGone(entry.owner);
      if (entry.aliveAt > staleBefore && !gone) {
        running++;
        continue;
      }
      if (gone) {
        this.logger.warn(
          `Restore ${entry._id} (${entry.state}) belongs to a stopped process (${entry.owner}): recovering it now`,
        );
      }
      // Claimed atomically: of two nodes starting at once, one recovers it.
      const claimed = await journal.findOneAndUpdate(
        { _id: entry._id, owner: entry.owner, aliveAt: entry.aliveAt },
        { $set: { owner, aliveAt: this.clock.now() } },
      );
      if (!claimed) {
        running++;
        continue;
      }
      if (entry.state === 'committed') {
        this.logger.warn(`Restore ${entry._id} was interrupted after its swap: finishing it`);
        await this.dropAll(entry.targets.map((t) => oldName(t, entry._id)));
        await this.done(entry._id, entry.requestId);
      } else {
        this.logger.warn(`Restore ${entry._id} was interrupted (${entry.state}): rolling back`);
        await this.rollBack(entry._id, entry.targets, entry.existed);
        await journal.deleteOne({ _id: entry._id });
      }
    }
    const journalled = new Set((await journal.find().toArray()).map((e) => e._id));
    const strays = names.filter((n) => {
      const match = WORK_SUFFIX.exec(n);
      return match !== null && !journalled.has(match[1]!);
    });
    if (strays.length > 0) this.logger.warn(`Dropping stray restore copies: ${strays.join(', ')}`);
    await this.dropAll(strays);
    return running;
  }

  private get journal() {
    return this.db.collection<JournalDoc>(JOURNAL);
  }

  /** Fault-injection tests only: the restore stops here until the process is killed. */
  private async pause(id: string, stage: string): Promise<never> {
    this.logger.warn(`Restore ${id} paused at ${stage} (RESTORE_TEST_PAUSE_AT)`);
    return new Promise<never>(() => undefined);
  }

  private async stage(
    target: string,
    indexes: BackupIndex[],
    docs: Record<string, unknown>[],
    label: string,
  ): Promise<number> {
    const collection = await this.db.createCollection(target);
    for (const index of indexes) {
      await collection.createIndex(index.key as Record<string, 1 | -1>, {
        name: index.name,
        ...(index.unique ? { unique: true } : {}),
        ...(index.sparse ? { sparse: true } : {}),
      });
    }
    for (let start = 0; start < docs.length; start += BATCH) {
      const batch = docs.slice(start, start + BATCH);
      let parsed: mongo.Document[];
      try {
        parsed = batch.map((d) => EJSON.deserialize(d, { relaxed: true }) as mongo.Document);
        await collection.insertMany(parsed, { ordered: true });
      } catch (error) {
        const index = (error as { writeErrors?: { index: number }[] }).writeErrors?.[0]?.index;
        const at = start + (index ?? 0) + 1;
        this.logger.warn(`Restore: ${label} document ${at} refused: ${String(error)}`);
        throw BackupError.invalid(
          `The backup could not be restored: collection ${label}, document near ${at} is invalid. The previous data was kept.`,
        );
      }
    }
    return docs.length;
  }

  private async rollBack(id: string, targets: string[], existed: string[]): Promise<void> {
    const names = new Set(await this.collectionNames());
    for (const name of targets) {
      const old = oldName(name, id);
      if (names.has(old)) {
        if (names.has(name)) await this.db.dropCollection(name);
        await this.db.renameCollection(old, name);
      } else if (!existed.includes(name) && names.has(name)) {
        await this.db.dropCollection(name);
      }
    }
    await this.dropAll(targets.map((t) => stagingName(t, id)));
  }

  private async dropAll(names: string[]): Promise<void> {
    const existing = new Set(await this.collectionNames());
    for (const name of names) {
      if (existing.has(name)) await this.db.dropCollection(name);
    }
  }
}
