import { tentacleSecretMessage } from '@store-cloud/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A store's tentacle secret: HMAC-SHA256 of "company:store" under TENTACLE_SECRET, in hex. */
export function deriveTentacleSecret(masterSecret: string, companyId: number, storeId: number) {
  return createHmac('sha256', masterSecret)
    .update(tentacleSecretMessage(companyId, storeId))
    .digest('hex');
}

export function isTentacleSecretValid(
  masterSecret: string,
  companyId: number,
  storeId: number,
  given: string,
): boolean {
  const expected = Buffer.from(deriveTentacleSecret(masterSecret, companyId, storeId), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
