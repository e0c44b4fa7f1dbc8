import { createHmac, randomBytes } from 'node:crypto';

/** A new webhook secret: 32 random bytes, shown once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The X-StoreCloud-Signature value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 * The time inside the signature lets a receiver refuse an old body sent again by someone else.
 */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
