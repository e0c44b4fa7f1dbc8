import { Injectable } from '@nestjs/common';
import { MFA_TEXT } from '@store-cloud/contracts';
import { authenticator } from 'otplib';
import { Clock } from '../../common/clock/clock';

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
/** 160 bits, as RFC 4226 recommends for the shared secret. */
const SECRET_BYTES = 20;

/**
 * TOTP (otplib) on the platform's Clock, so tests move time instead of waiting for it. A code
 * matches at a time step, now or one step either side (a phone's clock a little off, a code
 * typed as it changes); the caller records that step, and a code of that step or an earlier
 * one is refused afterwards (a replay within its window).
 */
@Injectable()
export class TotpAuthenticator {
  constructor(private readonly clock: Clock) {}

  newSecret(): string {
    return authenticator.generateSecret(SECRET_BYTES);
  }

  otpauthUrl(label: string, secret: string): string {
    return authenticator.keyuri(label, MFA_TEXT.issuer, secret);
  }

  /** The time step at which the code matches now, or undefined. */
  matchingStep(secret: string, code: string): number | undefined {
    const epoch = this.clock.now().getTime();
    const delta = this.at(epoch).checkDelta(code, secret);
    return delta === null ? undefined : Math.floor(epoch / 1000 / PERIOD_SECONDS) + delta;
  }

  private at(epoch: number) {
    return authenticator.clone({ epoch, step: PERIOD_SECONDS, window: 1 });
  }
}
