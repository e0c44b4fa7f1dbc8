import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * Which platform user a provider's account is (ssoidentities): matched by issuer and subject,
 * never by e-mail, which a provider may reassign.
 */
@Schema({ collection: 'ssoidentities', timestamps: true })
export class SsoIdentityDoc {
  @Prop({ required: true }) issuer!: string;
  @Prop({ required: true }) subject!: string;
  @Prop({ required: true }) userId!: string;
  /**
   * The user's type and companies came from OIDC_ROLE_MAP at the last sign-in. False: nothing
   * mapped, and an administrator decides them (a later sign-in that maps nothing leaves them).
   */
  @Prop({ required: true }) mapped!: boolean;
}
export const SsoIdentitySchema = SchemaFactory.createForClass(SsoIdentityDoc);
SsoIdentitySchema.index({ issuer: 1, subject: 1 }, { unique: true });
SsoIdentitySchema.index({ userId: 1 });
