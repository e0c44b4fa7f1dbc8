import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'usertypes', timestamps: true })
export class UserTypeDoc {
  @Prop({ required: true }) typeId!: number;
  @Prop({ required: true }) name!: string;
}
export const UserTypeSchema = SchemaFactory.createForClass(UserTypeDoc);
UserTypeSchema.index({ name: 1 }, { unique: true });
