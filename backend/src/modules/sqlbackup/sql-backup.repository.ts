import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { SqlBackupInstallation } from '@store-cloud/contracts';
import { Model } from 'mongoose';
import { SqlBackupStoreDoc } from './schemas/sql-backup-store.schema';

export interface SqlBackupStoreReport {
  companyId: number;
  storeId: number;
  storeName?: string;
  reportedAt: string;
  installations: SqlBackupInstallation[];
}

/** sqlbackupinstallations: the latest report of each store. */
@Injectable()
export class SqlBackupRepository {
  constructor(
    @InjectModel(SqlBackupStoreDoc.name) private readonly model: Model<SqlBackupStoreDoc>,
  ) {}

  /** The store's report replaces its previous one (a single-document write: no transaction). */
  async replace(report: SqlBackupStoreReport): Promise<void> {
    const _id = `${report.companyId}:${report.storeId}`;
    await this.model.replaceOne({ _id }, { _id, ...report }, { upsert: true }).exec();
  }

  /** Every store's report, or those of the given companies. */
  async list(companyIds?: readonly number[]): Promise<SqlBackupStoreReport[]> {
    const filter = companyIds ? { companyId: { $in: [...companyIds] } } : {};
    const docs = await this.model
      .find(filter)
      .sort({ companyId: 1, storeId: 1 })
      .lean<SqlBackupStoreDoc[]>()
      .exec();
    return docs.map(({ companyId, storeId, storeName, reportedAt, installations }) => ({
      companyId,
      storeId,
      storeName,
      reportedAt,
      installations,
    }));
  }
}
