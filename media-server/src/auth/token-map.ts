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

/**
 * Answers asked of the backend per token, reused for ttlMs: concurrent first asks share one
 * request; a failure, or an answer `keep` refuses, is forgotten at once so the next ask retries.
 */
export class TokenAnswers<V> {
  private readonly entries: TokenMap<{ expires: number; answer: Promise<V> }>;

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      now: () => number;
      keep?: (answer: V) => boolean;
    },
  ) {
    this.entries = new TokenMap(options.maxEntries);
  }

  /** fresh: ask even when a kept answer is young enough. */
  get(token: string, ask: () => Promise<V>, { fresh = false } = {}): Promise<V> {
    const kept = this.entries.get(token);
    if (!fresh && kept && kept.expires > this.options.now()) return kept.answer;
    const answer = ask();
    const entry = { expires: this.options.now() + this.options.ttlMs, answer };
    this.entries.set(token, entry);
    answer.then(
      (value) => {
        if (this.options.keep && !this.options.keep(value)) this.entries.deleteIf(token, entry);
      },
      () => this.entries.deleteIf(token, entry),
    );
    return answer;
  }
}

const key = (token: string) => createHash('sha256').update(token).digest('base64url');
