import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** What a challenge was given out for: a registration, or a sign-in (alone or second factor). */
export const CHALLENGE_PURPOSES = ['register', 'login', 'mfa'] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

/**
 * A WebAuthn challenge handed to a browser, kept in MongoDB so any API node can verify the
 * answer; taken (deleted) by the first answer that names it, so it is good once.
 */
@Schema({ collection: 'webauthnchallenges' })
export class WebauthnChallengeDoc {
  /** base64url, as the browser's clientDataJSON echoes it. */
  @Prop({ required: true }) challenge!: string;
  @Prop({ type: String, required: true, enum: CHALLENGE_PURPOSES }) purpose!: ChallengePurpose;
  /** Whose it is; null for a sign-in with a passkey alone (the passkey names the user). */
  @Prop({ type: String, default: null }) userId!: string | null;
  @Prop({ required: true }) expiresAt!: Date;
}
export const WebauthnChallengeSchema = SchemaFactory.createForClass(WebauthnChallengeDoc);
WebauthnChallengeSchema.index({ challenge: 1 }, { unique: true });
WebauthnChallengeSchema.index({ expiresAt: 1 });
