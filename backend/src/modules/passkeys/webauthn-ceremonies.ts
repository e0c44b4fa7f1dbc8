import { Injectable } from '@nestjs/common';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  PASSKEY_RP_NAME,
  PASSKEY_TEXT,
  type PasskeyLoginOptions,
  passkeyLoginOptionsSchema,
  type PasskeyRegistrationOptions,
  passkeyRegistrationOptionsSchema,
} from '@store-cloud/contracts';
import { Clock } from '../../common/clock/clock';
import { ConfigService } from '../../config/config.service';
import type { PasskeyRecord } from './passkeys.repository';
import type { ChallengePurpose } from './schemas/webauthn-challenge.schema';
import { WebauthnChallengesRepository } from './webauthn-challenges.repository';
import { PasskeyError } from './passkeys.errors';

/** How long a browser has to answer a challenge (the options' timeout, and its expiry here). */
export const WEBAUTHN_TIMEOUT_MS = 5 * 60_000;

/** The WebAuthn user handle of a user: its id, so a passkey alone names whose it is. */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

/** What a verified registration gives to store. */
export interface NewCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/**
 * The WebAuthn ceremonies (@simplewebauthn/server) against this platform's relying party
 * (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN): options with a challenge kept in MongoDB, and the
 * verification of the browser's answer, which takes that challenge (good once, on any node).
 */
@Injectable()
export class WebauthnCeremonies {
  private readonly rpId: string;
  private readonly origins: string[];

  constructor(
    config: ConfigService,
    private readonly challenges: WebauthnChallengesRepository,
    private readonly clock: Clock,
  ) {
    this.rpId = config.get('webauthnRpId');
    this.origins = config.get('webauthnOrigins');
  }

  /** Options to create a discoverable credential; the user's own passkeys are excluded. */
  async registrationOptions(
    user: { id: string; username: string },
    existing: readonly PasskeyRecord[],
  ): Promise<PasskeyRegistrationOptions> {
    const options = await generateRegistrationOptions({
      rpName: PASSKEY_RP_NAME,
      rpID: this.rpId,
      userName: user.username,
      userDisplayName: user.username,
      userID: userHandleOf(user.id),
      timeout: WEBAUTHN_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map(descriptorOf),
      // Resident: the passkey alone can sign in, naming its user.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.remember(options.challenge, 'register', user.id);
    return passkeyRegistrationOptionsSchema.parse(options);
  }

  /** The new credential, or 400 when the answer does not verify for this user's challenge. */
  async verifyRegistration(userId: string, response: unknown): Promise<NewCredential> {
    const challenge = this.challengeCheck('register', userId);
    try {
      const { verified, registrationInfo } = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge.check,
        expectedOrigin: this.origins,
        expectedRPID: this.rpId,
        requireUserVerification: false,
      });
      if (verified) {
        return {
          credentialId: registrationInfo.credential.id,
          publicKey: registrationInfo.credential.publicKey,
          counter: registrationInfo.credential.counter,
          transports: [...(registrationInfo.credential.transports ?? [])],
          backedUp: registrationInfo.credentialBackedUp,
        };
      }
    } catch {
      // The library's message names what failed; the client learns only that it did.
    }
    throw PasskeyError.invalid(
      challenge.refused ? PASSKEY_TEXT.challengeExpired : PASSKEY_TEXT.notVerified,
    );
  }

  /**
   * Options to sign in: `login` with a passkey alone (any discoverable credential, user
   * verification required), `mfa` as the second factor of the user's password login.
   */
  async loginOptions(
    purpose: 'login' | 'mfa',
    userId: string | null,
    allow: readonly PasskeyRecord[],
  ): Promise<PasskeyLoginOptions> {
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      timeout: WEBAUTHN_TIMEOUT_MS,
      userVerification: purpose === 'login' ? 'required' : 'preferred',
      allowCredentials: allow.map(descriptorOf),
    });
    await this.remember(options.challenge, purpose, userId);
    return passkeyLoginOptionsSchema.parse(options);
  }

  /**
   * Verifies a sign-in answer made with `passkey` for a challenge given out for this purpose
   * (and user): its signature, origin, relying party, user presence (and verification for a
   * passkey alone) and counter. The new counter, or 401.
   */
  async verifyLogin(
    purpose: 'login' | 'mfa',
    userId: string | null,
    response: unknown,
    passkey: PasskeyRecord,
  ): Promise<{ counter: number; backedUp: boolean }> {
    const challenge = this.challengeCheck(purpose, userId);
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge.check,
        expectedOrigin: this.origins,
        expectedRPID: this.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
        requireUserVerification: purpose === 'login',
      });
      if (verified) {
        return {
          counter: authenticationInfo.newCounter,
          backedUp: authenticationInfo.credentialBackedUp,
        };
      }
    } catch {
      // A bad signature, a replayed or foreign challenge, a counter that went back: all refused.
    }
    throw PasskeyError.signInFailed(
      challenge.refused ? PASSKEY_TEXT.challengeExpired : PASSKEY_TEXT.failed,
    );
  }

  private async remember(challenge: string, purpose: ChallengePurpose, userId: string | null) {
    const now = this.clock.now();
    await this.challenges.create(
      { challenge, purpose, userId, expiresAt: new Date(now.getTime() + WEBAUTHN_TIMEOUT_MS) },
      now,
    );
  }

  /** The library's challenge check: takes the challenge, and tells whether it was refused. */
  private challengeCheck(purpose: ChallengePurpose, userId: string | null) {
    const state = {
      refused: false,
      check: async (challenge: string) => {
        const taken = await this.challenges.take(challenge, purpose, userId, this.clock.now());
        state.refused = !taken;
        return taken;
      },
    };
    return state;
  }
}

const descriptorOf = (passkey: PasskeyRecord) => ({
  id: passkey.credentialId,
  transports: passkey.transports,
});
