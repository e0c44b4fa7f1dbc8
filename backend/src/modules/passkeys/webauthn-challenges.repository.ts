import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { type ChallengePurpose, WebauthnChallengeDoc } from './schemas/webauthn-challenge.schema';

/**
 * WebAuthn challenges in MongoDB (any node verifies what another gave out; a restart forgets
 * none). No TTL index on FerretDB (DESIGN §7): each new challenge clears the expired ones.
 */
@Injectable()
export class WebauthnChallengesRepository implements OnModuleInit {
  constructor(
    @InjectModel(WebauthnChallengeDoc.name) private readonly model: Model<WebauthnChallengeDoc>,
  ) {}

  async onModuleInit() {
    await this.model.createIndexes();
  }

  async create(challenge: WebauthnChallengeDoc, now: Date): Promise<void> {
    await this.model.create(challenge);
    await this.model.deleteMany({ expiresAt: { $lte: now } }).exec();
  }

  /**
   * Takes the challenge given out for this purpose and user: true once, while it has not
   * expired; every later call (a replay, another node) finds nothing.
   */
  async take(
    challenge: string,
    purpose: ChallengePurpose,
    userId: string | null,
    now: Date,
  ): Promise<boolean> {
    const taken = await this.model
      .findOneAndDelete({ challenge, purpose, userId })
      .lean<WebauthnChallengeDoc>();
    return !!taken && taken.expiresAt > now;
  }
}
