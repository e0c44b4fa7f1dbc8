import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { StoreStatus } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { StoredIntegrationCompany } from './integration-companies.repository';

/** Scopes whose answer is kept; past this, the one asked for least recently goes. */
const KEPT_SCOPES = 100;

/** Answers this long or longer are sent gzipped to a client that takes it. */
const GZIP_FROM_BYTES = 8 * 1024;
const gzipAsync = promisify(gzip);

/**
 * An answer as sent: its JSON, an entity tag of its own, so express does not hash some 800 KB
 * per call to make one (a new random tag per answer: no two answers share one, also across
 * restarts), and its gzipped bytes, made once for all callers (20,000 stores are some 800 KB of
 * JSON and about a tenth of that gzipped: what a portal far away waits for).
 */
export class KeptAnswer {
  readonly json: string;
  readonly etag = `W/"${randomUUID()}"`;
  private gzipped?: Promise<Buffer>;

  constructor(answer: StoreStatus[]) {
    this.json = JSON.stringify(answer);
  }

  /** The gzipped JSON when it is worth it (undefined for a short answer). */
  gzip(): Promise<Buffer> | undefined {
    if (this.json.length < GZIP_FROM_BYTES) return undefined;
    // Level 1: most of the gain for a fraction of the time, off the event loop.
    this.gzipped ??= gzipAsync(this.json, { level: 1 });
    return this.gzipped;
  }
}

/** What an answer was built from; it is good while all of it is still the same. */
export interface StatusInputs {
  /** The node's copy of the connected companies (the same array while it is unchanged). */
  companies: readonly StoredIntegrationCompany[];
  /** The online view's count of changes (TentaclesService.onlineChanges). */
  online: number;
  /** The open portal connections as read for this answer (their holders and times). */
  connections: string;
}

/**
 * The last /portal/allstoresstatus answer of each user scope, as sent (issue 15: with 20,000
 * stores an answer takes some 20 ms to build, and every portal asks again on each live status
 * push). An answer is given again only while the companies, who is online and the connections
 * are what it was built from, so it is always the one that would be built now.
 */
export class StatusAnswers {
  private readonly kept = new Map<string, { inputs: StatusInputs; answer: KeptAnswer }>();

  /** The scope an answer depends on: what the user may see, not who the user is. */
  static scopeOf(user: AuthenticatedUser): string {
    return `${user.usertype}|${JSON.stringify(user.access)}`;
  }

  /** The kept answer (serialized: for 20,000 stores that alone is some 5 ms a call). */
  get(scope: string, inputs: StatusInputs): KeptAnswer | undefined {
    const entry = this.kept.get(scope);
    if (!entry || !sameInputs(entry.inputs, inputs)) return undefined;
    // Most recently asked for last: the first is the one to drop.
    this.kept.delete(scope);
    this.kept.set(scope, entry);
    return entry.answer;
  }

  set(scope: string, inputs: StatusInputs, answer: StoreStatus[]): KeptAnswer {
    const kept = new KeptAnswer(answer);
    this.kept.delete(scope);
    this.kept.set(scope, { inputs, answer: kept });
    if (this.kept.size > KEPT_SCOPES) this.kept.delete(this.kept.keys().next().value!);
    return kept;
  }
}

const sameInputs = (a: StatusInputs, b: StatusInputs) =>
  a.companies === b.companies && a.online === b.online && a.connections === b.connections;
