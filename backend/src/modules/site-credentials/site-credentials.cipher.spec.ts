import type { ConfigService } from '../../config/config.service';
import { SiteCredentialsCipher, SiteCredentialsKeyError } from './site-credentials.cipher';

const KEY = Buffer.alloc(32, 3).toString('base64');
const cipherWith = (key: string | undefined) =>
  new SiteCredentialsCipher({ get: () => key } as unknown as ConfigService);

describe('SiteCredentialsCipher', () => {
  it('round-trips a password and never stores it in clear', () => {
    const cipher = cipherWith(KEY);
    const stored = cipher.encrypt('site-Secret-1', 'u:101:1');
    expect(stored).not.toContain('site-Secret-1');
    expect(cipher.encrypt('site-Secret-1', 'u:101:1')).not.toBe(stored);
    expect(cipher.decrypt(stored, 'u:101:1')).toBe('site-Secret-1');
  });

  it('refuses a value moved to another user or store, or tampered with', () => {
    const cipher = cipherWith(KEY);
    const stored = cipher.encrypt('site-Secret-1', 'u:101:1');
    expect(() => cipher.decrypt(stored, 'u:101:2')).toThrow();
    const [v, iv, tag, data] = stored.split(':');
    const flipped = Buffer.from(data!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      cipher.decrypt([v, iv, tag, flipped.toString('base64')].join(':'), 'u:101:1'),
    ).toThrow();
    expect(() =>
      cipherWith(Buffer.alloc(32, 4).toString('base64')).decrypt(stored, 'u:101:1'),
    ).toThrow();
  });

  it('does not start without a 32-byte base64 key, naming the variable', () => {
    expect(() => cipherWith(undefined)).toThrow(SiteCredentialsKeyError);
    expect(() => cipherWith(undefined)).toThrow(/SITE_CREDENTIALS_KEY is not set/);
    expect(() => cipherWith(Buffer.alloc(16).toString('base64'))).toThrow(
      /SITE_CREDENTIALS_KEY must be exactly 32 bytes/,
    );
    expect(() => cipherWith('not base64 at all!')).toThrow(SiteCredentialsKeyError);
  });
});
