import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ConfigService } from '../../config/config.service';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';

export class SiteCredentialsKeyError extends Error {
  constructor(problem: string) {
    super(
      `SITE_CREDENTIALS_KEY ${problem}: set it to 32 random bytes in base64 (openssl rand -base64 32)`,
    );
    this.name = 'SiteCredentialsKeyError';
  }
}

/** What encrypt() writes: 'v1:' and three base64 parts (iv, tag, data); anything else is plain text. */
const SEALED = /^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]*$/;
export const isSealed = (stored: string) => SEALED.test(stored);

/** Reads the key from its base64 text; throws a SiteCredentialsKeyError naming the variable. */
export function parseSiteCredentialsKey(text: string | undefined): Buffer {
  if (!text) throw new SiteCredentialsKeyError('is not set');
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES || key.toString('base64') !== text.trim()) {
    throw new SiteCredentialsKeyError(`must be exactly ${KEY_BYTES} bytes in base64`);
  }
  return key;
}

/**
 * AES-256-GCM for stored site passwords (DESIGN §3). Each value gets a fresh IV; the context
 * (user, company, store) is bound as associated data, so a value copied to another record does
 * not decrypt. The app does not start without a valid key.
 */
@Injectable()
export class SiteCredentialsCipher {
  private readonly key: Buffer;

  constructor(config: ConfigService) {
    this.key = parseSiteCredentialsKey(config.get('siteCredentialsKey'));
  }

  encrypt(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((p) => p.toString('base64'));
    return [VERSION, ...parts].join(':');
  }

  decrypt(stored: string, context: string): string {
    const [version, iv, tag, data] = stored.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined) {
      throw new Error('Stored site password has an unknown format');
    }
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  }
}
