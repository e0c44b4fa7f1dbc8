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
import { BackupError } from './backups.errors';

const { EJSON } = mongo.BSON;

/** The backup tool's own state is not part of a backup: restoring it would undo the restore. */
const NOT_BACKED_UP = new Set(['backups', 'backupservers']);
/** Records a restore's swap so a crash half-way is rolled back at the next start. */
const JOURNAL = 'restorejournal';
const BATCH = 500;

const stagingName = (name: string, id: string) => `${name}__restore_${id}`;
const oldName = (name: string, id: string) => `${name}__old_${id}`;

/** Collections the platform owns and a backup carries: not system, backup or work collections. */
export const isBackedUp = (name: string) =>
  COLLECTION_NAME_PATTERN.test(name) &&
  !name.includes('__') &&
  !NOT_BACKED_UP.has(name) &&
  name !== JOURNAL;

interface JournalDoc {
  _id: string;
  state: 'swapping' | 'committed';
  targets: string[];
  /** Targets that existed before: the others did not, and a rollback drops them. */
  existed: string[];
  startedAt: Date;
}

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

  constructor(@InjectConnection() private readonly connection: Connection) {}

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
    return { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), collections };
  }

  async restore(data: SystemBackupData): Promise<SystemRestoreResult> {
    const id = randomBytes(4).toString('hex');
    const live = (await this.collectionNames()).filter(isBackedUp);
    // Collections the backup lacks are emptied: the result equals the backup, nothing mixed in.
    const targets = [...new Set([...Object.keys(data.collections), ...live])].sort();
    for (const name of Object.keys(data.collections)) {
      if (!isBackedUp(name)) throw BackupError.invalid(`The backup may not contain ${name}`);
    }

    let documents = 0;
    try {
      for (const name of targets) {
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
      throw error;
    }

    const journal = this.db.collection<JournalDoc>(JOURNAL);
    const existed = targets.filter((t) => live.includes(t));
    await journal.insertOne({
      _id: id,
      state: 'swapping',
      targets,
      existed,
      startedAt: new Date(),
    });
    try {
      const existing = new Set(live);
      for (const name of targets) {
        if (existing.has(name)) await this.db.renameCollection(name, oldName(name, id));
        await this.db.renameCollection(stagingName(name, id), name);
      }
    } catch (error) {
      this.logger.error(`Restore ${id}: swap failed, rolling back: ${String(error)}`);
      await this.rollBack(id, targets, existed);
      await journal.deleteOne({ _id: id });
      throw BackupError.unavailable('The restore failed; the previous data was kept');
    }
    await journal.updateOne({ _id: id }, { $set: { state: 'committed' } });
    await this.dropAll(targets.map((t) => oldName(t, id)));
    await journal.deleteOne({ _id: id });
    return { collections: Object.keys(data.collections).length, documents };
  }

  /** Finishes or undoes a restore that a crash interrupted. Safe to run when none was. */
  async recover(): Promise<void> {
    const journal = this.db.collection<JournalDoc>(JOURNAL);
    for (const entry of await journal.find().toArray()) {
      if (entry.state === 'swapping') {
        this.logger.warn(`Restore ${entry._id} was interrupted during its swap: rolling back`);
        await this.rollBack(entry._id, entry.targets, entry.existed);
      } else {
        await this.dropAll(entry.targets.map((t) => oldName(t, entry._id)));
      }
      await journal.deleteOne({ _id: entry._id });
    }
    // Staging copies of a restore that never reached its swap.
    const leftovers = (await this.collectionNames()).filter((n) => n.includes('__restore_'));
    await this.dropAll(leftovers);
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
