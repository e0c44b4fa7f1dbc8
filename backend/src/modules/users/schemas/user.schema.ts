import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  type MfaMethod,
  USER_TYPE,
  USER_TYPE_NAMES,
  type UserTypeName,
} from '@store-cloud/contracts';

@Schema({ _id: false })
export class AccessStoreDoc {
  @Prop({ required: true }) storeId!: number;
  @Prop({ default: '' }) storeName!: string;
  @Prop({ default: true }) enabled!: boolean;
}
const AccessStoreSchema = SchemaFactory.createForClass(AccessStoreDoc);

@Schema({ _id: false })
export class AccessCompanyDoc {
  @Prop({ required: true }) companyId!: number;
  @Prop({ default: '' }) companyName!: string;
  @Prop({ type: [AccessStoreSchema], default: [] }) stores!: AccessStoreDoc[];
}
const AccessCompanySchema = SchemaFactory.createForClass(AccessCompanyDoc);

@Schema({ _id: false })
export class AccessDoc {
  @Prop({ default: false }) all!: boolean;
  @Prop({ type: [AccessCompanySchema], default: [] }) companies!: AccessCompanyDoc[];
}
const AccessSchema = SchemaFactory.createForClass(AccessDoc);

/**
 * Second factors (issue 27). methods: what the user has ('totp' once confirmed, 'passkey' while
 * it has a passkey); secrets are sealed (SiteCredentialsCipher), recovery codes peppered hashes.
 */
@Schema({ _id: false })
export class MfaDoc {
  @Prop({ type: [String], default: [] }) methods!: MfaMethod[];
  /** The confirmed TOTP secret, sealed for `totp:<user id>`. */
  @Prop() totpSecret?: string;
  /** A secret handed out by start and not confirmed yet, sealed likewise. */
  @Prop() totpPending?: string;
  /** The TOTP time step last accepted: a code of it or before is a replay. */
  @Prop() totpLastStep?: number;
  @Prop({ type: [String], default: [] }) recoveryCodes!: string[];
}
const MfaSchema = SchemaFactory.createForClass(MfaDoc);

@Schema({ collection: 'users', timestamps: true })
export class UserDoc {
  /** Stored lower-case, so the unique index makes it unique case-insensitively (DESIGN §3). */
  @Prop({ required: true, lowercase: true, trim: true }) username!: string;
  @Prop({ required: true }) passwordHash!: string;
  @Prop({ default: false }) enabled!: boolean;
  @Prop({ type: String, enum: USER_TYPE_NAMES, default: USER_TYPE.BASIC }) usertype!: UserTypeName;
  @Prop({ type: AccessSchema, default: () => ({ all: false, companies: [] }) }) access!: AccessDoc;
  @Prop({ type: [String], default: [] }) applications!: string[];
  /** Raised to end every token issued before (issue 23): missing in older records, read as 0. */
  @Prop({ default: 0 }) tokenGeneration!: number;
  @Prop({ type: MfaSchema, default: () => ({ methods: [], recoveryCodes: [] }) }) mfa!: MfaDoc;
}
export const UserSchema = SchemaFactory.createForClass(UserDoc);
UserSchema.index({ username: 1 }, { unique: true });
