import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { SqlBackupInstallation } from '@store-cloud/contracts';
import { SchemaTypes } from 'mongoose';

/**
 * The latest SQL backup report of one store (media spec §3 SQL backup installation): one document
 * per store, replaced whole by the store's next report.
 */
@Schema({ collection: 'sqlbackupinstallations', versionKey: false })
export class SqlBackupStoreDoc {
  /** `company:store`, so a report replaces the store's document without a transaction. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) companyId!: number;
  @Prop({ required: true }) storeId!: number;
  @Prop() storeName?: string;
  /** ISO time the report arrived. */
  @Prop({ required: true }) reportedAt!: string;
  /** As the store reported them (validated with sqlBackupInstallationSchema). */
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) installations!: SqlBackupInstallation[];
}
export const SqlBackupStoreSchema = SchemaFactory.createForClass(SqlBackupStoreDoc);
