import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A company of the store cloud's master data, which the portal selects from (DESIGN §3). */
@Schema({ collection: 'cloudcompanies', timestamps: true })
export class CloudCompanyDoc {
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) companyName!: string;
  /** The IANA time zone of its stores that name none (dayparting); UTC when unset. */
  @Prop() timeZone?: string;
}
export const CloudCompanySchema = SchemaFactory.createForClass(CloudCompanyDoc);
CloudCompanySchema.index({ companyId: 1 }, { unique: true });
