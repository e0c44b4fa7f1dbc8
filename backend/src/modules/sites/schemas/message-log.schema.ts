import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One line of the portal's message log (spec §7 POST /log and /error). */
@Schema({ collection: 'messagelog', timestamps: true })
export class MessageLogDoc {
  @Prop({ required: true, enum: ['log', 'error'] }) kind!: 'log' | 'error';
  @Prop({ required: true }) systemId!: string;
  @Prop({ required: true }) description!: string;
  /** As the client sent it. */
  @Prop({ default: '' }) timestamp!: string;
  @Prop({ default: '' }) user!: string;
}
export const MessageLogSchema = SchemaFactory.createForClass(MessageLogDoc);
