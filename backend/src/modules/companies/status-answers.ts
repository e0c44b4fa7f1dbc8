import { randomUUID } from 'node:crypto';
import type { StoreStatus } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { StoredIntegrationCompany } from './integration-companies.repository';
import {
  COMPRESS_FROM_BYTES,
  compressAll,
  STATUS_ENCODINGS,
  type StatusEncoding,
} from './status-encodings';

/** Scopes whose answer is kept; past this, the one asked for least recently goes. */
const KEPT_SCOPES = 100;

/**
 * An answer as sent: its JSON bytes, an entity tag of its own, so express does not hash some
 * 1.2 MB per call to make one (a new random tag per answer: no two answers share one, also
 * across restarts; weak, as its codings are the same answer), and its brotli and gzip bytes,
 * started as the answer is made (issue 31: a browser asks with `Accept-Encoding: gzip, deflate,
 * br`; compressing per call made that three times the cost of a plain answer). 18,000 stores are
 * some 1.2 MB of JSON and 31 KB in brotli: what a portal far away waits for.
 */
export class KeptAnswer {
  readonly body: Buffer;
  readonly etag = `W/"${randomUUID()}"`;
  private readonly codings?: Record<StatusEncoding, Promise<Buffer>>;

  constructor(answer: StoreStatus[]) {
    this.body = Buffer.from(JSON.stringify(answer));
    if (this.body.length >= COMPRESS_FROM_BYTES) this.codings = compressAll(this.body);
  }

  /**
   * The coding to send to a client that `takes` it, with its bytes: brotli before gzip whatever
   * order the client lists them in (a browser sends `gzip, deflate, br`); undefined for identity
   * (a short answer, or a client that takes neither).
   */
  encoded(
    takes: (encoding: StatusEncoding) => boolean,
  ): { encoding: StatusEncoding; bytes: Promise<Buffer> } | undefined {
    const encoding = this.codings && STATUS_ENCODINGS.find(takes);
    return encoding && { encoding, bytes: this.codings![encoding] };
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
