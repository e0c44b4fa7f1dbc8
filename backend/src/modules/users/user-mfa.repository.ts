import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { MfaMethod } from '@store-cloud/contracts';
import { isValidObjectId, Model } from 'mongoose';
import { UserDoc } from './schemas/user.schema';

/** A user's second factor data as the MFA services need it (sealed secrets, hashed codes). */
export interface StoredMfa {
  methods: MfaMethod[];
  totpSecret?: string;
  totpPending?: string;
  totpLastStep?: number;
  recoveryCodes: string[];
}

const NONE: StoredMfa = { methods: [], recoveryCodes: [] };

/**
 * The `mfa` part of the users collection (issue 27). identity-mfa writes TOTP and recovery
 * codes; identity-passkeys adds and removes the 'passkey' method (addMethod/removeMethod).
 */
@Injectable()
export class UserMfaRepository {
  constructor(@InjectModel(UserDoc.name) private readonly model: Model<UserDoc>) {}

  /** null when the user does not exist; users written before issue 27 have no second factor. */
  async find(userId: string): Promise<StoredMfa | null> {
    if (!isValidObjectId(userId)) return null;
    const doc = await this.model
      .findById(userId, { mfa: 1 })
      .lean<{ mfa?: Partial<StoredMfa> }>()
      .exec();
    if (!doc) return null;
    return { ...NONE, ...doc.mfa, methods: [...(doc.mfa?.methods ?? [])] };
  }

  /** The user's second factor methods ([] for none or an unknown user). */
  async methods(userId: string): Promise<MfaMethod[]> {
    return (await this.find(userId))?.methods ?? [];
  }

  async addMethod(userId: string, method: MfaMethod): Promise<void> {
    if (!isValidObjectId(userId)) return;
    await this.model.updateOne({ _id: userId }, { $addToSet: { 'mfa.methods': method } }).exec();
  }

  async removeMethod(userId: string, method: MfaMethod): Promise<void> {
    if (!isValidObjectId(userId)) return;
    await this.model.updateOne({ _id: userId }, { $pull: { 'mfa.methods': method } }).exec();
  }

  async setPendingTotp(userId: string, sealedSecret: string): Promise<void> {
    await this.model
      .updateOne({ _id: userId }, { $set: { 'mfa.totpPending': sealedSecret } })
      .exec();
  }

  /**
   * Makes the pending secret the TOTP secret with these recovery code hashes, only while that
   * pending secret is still the one confirmed (a second start in between wins).
   */
  async confirmTotp(
    userId: string,
    pending: string,
    step: number,
    recoveryCodeHashes: string[],
  ): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: userId, 'mfa.totpPending': pending },
        {
          $set: {
            'mfa.totpSecret': pending,
            'mfa.totpLastStep': step,
            'mfa.recoveryCodes': recoveryCodeHashes,
          },
          $unset: { 'mfa.totpPending': '' },
          $addToSet: { 'mfa.methods': 'totp' },
        },
      )
      .exec();
    return result.modifiedCount > 0;
  }

  /**
   * Records the time step of an accepted code; false when that step (or a later one) was
   * accepted already: the code is a replay.
   */
  async claimTotpStep(userId: string, step: number): Promise<boolean> {
    const result = await this.model
      .updateOne(
        {
          _id: userId,
          $or: [{ 'mfa.totpLastStep': { $exists: false } }, { 'mfa.totpLastStep': { $lt: step } }],
        },
        { $set: { 'mfa.totpLastStep': step } },
      )
      .exec();
    return result.modifiedCount > 0;
  }

  /** Removes one recovery code hash; false when it was not there (unknown or used). */
  async useRecoveryCode(userId: string, hash: string): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: userId, 'mfa.recoveryCodes': hash },
        { $pull: { 'mfa.recoveryCodes': hash } },
      )
      .exec();
    return result.modifiedCount > 0;
  }

  /** Forgets TOTP and the recovery codes; passkeys are the passkeys module's. */
  async clearTotp(userId: string): Promise<void> {
    if (!isValidObjectId(userId)) return;
    await this.model
      .updateOne(
        { _id: userId },
        {
          $set: { 'mfa.recoveryCodes': [] },
          $unset: { 'mfa.totpSecret': '', 'mfa.totpPending': '', 'mfa.totpLastStep': '' },
          $pull: { 'mfa.methods': 'totp' },
        },
      )
      .exec();
  }
}
