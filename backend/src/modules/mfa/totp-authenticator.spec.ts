import { authenticator } from 'otplib';
import type { Clock } from '../../common/clock/clock';
import { TotpAuthenticator } from './totp-authenticator';

/** The TOTP window on a moved Clock: now, one 30 s step either side, never two. */
describe('TotpAuthenticator', () => {
  const t0 = Date.parse('2026-11-26T10:00:00Z'); // a step boundary: 30 s divide it
  let now = t0;
  const totp = new TotpAuthenticator({ now: () => new Date(now) } as Clock);
  const secret = totp.newSecret();
  const codeAt = (ms: number) => authenticator.clone({ epoch: ms }).generate(secret);
  const step = (ms: number) => Math.floor(ms / 30_000);

  it('makes a 160-bit base32 secret and an otpauth URL naming the issuer and the user', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = totp.otpauthUrl('ann@example.com', secret);
    expect(url).toMatch(/^otpauth:\/\/totp\/Store%20Cloud:ann%40example\.com\?/);
    expect(url).toContain(`secret=${secret}`);
  });

  it('matches a code of now at the step of now, and a code that changed a moment ago at its own step', () => {
    now = t0 + 10_000;
    expect(totp.matchingStep(secret, codeAt(now))).toBe(step(now));
    now = t0 + 31_000;
    expect(totp.matchingStep(secret, codeAt(t0 + 29_000))).toBe(step(t0));
    // The phone a step ahead.
    expect(totp.matchingStep(secret, codeAt(t0 + 61_000))).toBe(step(t0) + 2);
  });

  it('refuses a code two steps old and a wrong code', () => {
    now = t0 + 65_000;
    expect(totp.matchingStep(secret, codeAt(t0 + 5_000))).toBeUndefined();
    const right = codeAt(now);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(totp.matchingStep(secret, wrong)).toBeUndefined();
  });
});
