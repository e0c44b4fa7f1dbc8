import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { DEFAULT_MEDIA_FILE_LIMIT, DEFAULT_TAG_LIMIT } from '@store-cloud/contracts';

/** Site credentials at company or store level (spec §3 evobos). */
@Schema({ _id: false })
export class CredentialsDoc {
  @Prop({ required: true }) username!: string;
  @Prop({ default: '' }) password!: string;
}
const CredentialsSchema = SchemaFactory.createForClass(CredentialsDoc);

@Schema({ _id: false })
export class InstalledIdsDoc {
  @Prop() companyId?: number;
  @Prop() storeId?: number;
}
const InstalledIdsSchema = SchemaFactory.createForClass(InstalledIdsDoc);

@Schema({ _id: false })
export class EnterpriseDoc {
  @Prop({ required: true }) companyId!: number;
}
const EnterpriseSchema = SchemaFactory.createForClass(EnterpriseDoc);

@Schema({ _id: false })
export class IntegrationStoreDoc {
  @Prop({ required: true }) storeId!: number;
  @Prop({ default: '' }) storeName!: string;
  @Prop({ default: true }) isActive!: boolean;
  @Prop({ type: InstalledIdsSchema }) installed?: InstalledIdsDoc;
  @Prop({ type: EnterpriseSchema }) enterprise?: EnterpriseDoc;
  @Prop({ type: CredentialsSchema }) evobos?: CredentialsDoc;
  /** Central media tag folders assigned to the store. */
  @Prop({ type: [String], default: [] }) tags!: string[];
}
const IntegrationStoreSchema = SchemaFactory.createForClass(IntegrationStoreDoc);

/** A company connected to the platform, with its stores (DESIGN §3 integrationcompanies). */
@Schema({ collection: 'integrationcompanies', timestamps: true })
export class IntegrationCompanyDoc {
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) companyName!: string;
  @Prop({ type: CredentialsSchema }) evobos?: CredentialsDoc;
  @Prop({ type: [IntegrationStoreSchema], default: [] }) stores!: IntegrationStoreDoc[];
  @Prop({ default: DEFAULT_MEDIA_FILE_LIMIT }) mediaFileLimit!: number;
  @Prop({ default: DEFAULT_TAG_LIMIT }) tagLimit!: number;
  /** Central media: the company's folder on the media server, unset until configured. */
  @Prop() mediaFolderName?: string;
  @Prop({ type: [String], default: [] }) tagsList!: string[];
  /** Set when the company was removed from the platform: hidden, its configuration kept. */
  @Prop() removedAt?: Date;
}
export const IntegrationCompanySchema = SchemaFactory.createForClass(IntegrationCompanyDoc);
IntegrationCompanySchema.index({ companyId: 1 }, { unique: true });
