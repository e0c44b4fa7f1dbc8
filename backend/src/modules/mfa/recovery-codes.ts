import { Injectable } from '@nestjs/common';
import { normaliseMfaCode, RECOVERY_CODE_COUNT } from '@store-cloud/contracts';
import { createHmac, randomBytes } from 'node:crypto';
import { parseSiteCredentialsKey } from '../site-credentials';
import { ConfigService } from '../../config/config.service';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const CODE_LENGTH = 10;

/**
 * Recovery codes (issue 27): 10 random base32 characters each (50 bits), shown once as
 * `xxxxx-xxxxx`, stored as HMAC-SHA256 under a pepper derived from SITE_CREDENTIALS_KEY and bound
 * to the user. Not bcrypt: a code is random, not a chosen password, so nothing is gained by a slow
 * hash against guessing offline (2^50 per code), while an exact hash lets one `$pull` (after a
 * Redis claim) find and spend a code (used once, also when two logins race). Without the key a
 * database copy does not even let one test a guess.
 */
@Injectable()
export class RecoveryCodes {
  private readonly pepper: Buffer;

  constructor(config: ConfigService) {
    const key = parseSiteCredentialsKey(config.get('siteCredentialsKey'));
    this.pepper = createHmac('sha256', key).update('mfa-recovery-codes').digest();
  }

  /** Fresh codes as the user sees them, and their hashes to store. */
  generate(userId: string): { codes: string[]; hashes: string[] } {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const bytes = randomBytes(CODE_LENGTH);
      const raw = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
      return `${raw.slice(0, 5)}-${raw.slice(5)}`.toLowerCase();
    });
    return { codes, hashes: codes.map((c) => this.hash(userId, c)) };
  }

  /** The stored form of a code as typed (spaces, dashes and case do not matter). */
  hash(userId: string, code: string): string {
    return createHmac('sha256', this.pepper)
      .update(`${userId}:${normaliseMfaCode(code)}`)
      .digest('base64url');
  }
}
