import { createSecretKey, type KeyObject } from 'node:crypto';

/**
 * An HMAC signing secret as a KeyObject. Given a string, jsonwebtoken 9 first tries it as a PEM
 * key (`createPublicKey`, which throws and is caught) on every sign and verify: about 1 ms of CPU
 * per token, the largest single cost of a relayed call in a profile. A KeyObject skips that try;
 * the key bytes are the same, so tokens signed with the string still verify.
 */
export const hmacKey = (secret: string): KeyObject => createSecretKey(Buffer.from(secret, 'utf8'));
