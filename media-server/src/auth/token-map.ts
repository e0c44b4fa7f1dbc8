import { createHash } from 'node:crypto';

/**
 * A map from tokens to values that keeps only the tokens' hashes and at most `max` entries:
 * setting one more forgets the oldest first.
 */
export class TokenMap<V> {
  private readonly byKey = new Map<string, V>();
  constructor(private readonly max: number) {}

  get(token: string): V | undefined {
    return this.byKey.get(key(token));
  }
  set(token: string, value: V): void {
    const k = key(token);
    this.byKey.delete(k);
    if (this.byKey.size >= this.max) {
      const oldest = this.byKey.keys().next().value;
      if (oldest !== undefined) this.byKey.delete(oldest);
    }
    this.byKey.set(k, value);
  }
  /** Forgets the token's entry if it is still this value. */
  deleteIf(token: string, value: V): void {
    const k = key(token);
    if (this.byKey.get(k) === value) this.byKey.delete(k);
  }
}

const key = (token: string) => createHash('sha256').update(token).digest('base64url');
