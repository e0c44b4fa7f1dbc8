import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'apps', timestamps: true })
export class AppDoc {
  @Prop({ required: true }) name!: string;
  @Prop({ default: false }) systemApp!: boolean;
  @Prop({ default: false }) siteApp!: boolean;
}
export const AppSchema = SchemaFactory.createForClass(AppDoc);
AppSchema.index({ name: 1 }, { unique: true });
