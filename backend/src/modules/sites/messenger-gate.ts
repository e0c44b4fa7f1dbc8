import {
  MESSAGING_API,
  MESSENGER_SERVICE,
  RELAY_PATH_MAX_DECODES,
  RELAY_TEXT,
  storePathOf,
} from '@store-cloud/contracts';
import { posix } from 'node:path';
import { SiteError } from './sites.errors';

/** The store's messenger calls, below /api/v1, as canonicalPath writes them, in lower case. */
const MESSENGER_PATHS = [
  storePathOf(MESSAGING_API.broadcastMessage),
  storePathOf(MESSAGING_API.messageHistory),
].map((p) => p.toLowerCase());
const LOG_LEVEL_PATH = '/loglevel';

/** Whitespace, control and invisible format characters: a lenient reader skips them. */
const IGNORABLE = /[\s\p{Cc}\p{Cf}\p{Z}]/gu;

/** Percent-decodes until nothing is encoded; refuses what is still encoded after the bound. */
function decodeFully(text: string): string {
  let decoded = text;
  for (let i = 0; decoded.includes('%'); i++) {
    if (i === RELAY_PATH_MAX_DECODES) throw SiteError.invalid(RELAY_TEXT.pathStillEncoded);
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      throw SiteError.invalid(RELAY_TEXT.pathBadEncoding);
    }
  }
  return decoded;
}

/**
 * The one path the relay decides on and forwards (issue 23): fully percent-decoded (refused when
 * still encoded after RELAY_PATH_MAX_DECODES), NFKC-normalised (fullwidth letters, the long s),
 * matrix parameters (`;x=1`), NUL, whitespace and invisible characters removed, backslashes as
 * slashes, `.` and `..` resolved, `//` and a trailing `/` folded. The case is kept.
 */
export function canonicalPath(path: string): string {
  const folded = posix
    .normalize(
      `/${decodeFully(path)
        .normalize('NFKC')
        .replace(/;[^/]*/g, '')
        .replace(IGNORABLE, '')
        .replace(/\\/g, '/')}`,
    )
    .replace(/\/+$/, '');
  return folded || '/';
}

/** The canonical path in lower case, for comparing with the messenger's paths. */
export function normalisePath(path: string): string {
  return canonicalPath(path).toLowerCase();
}

/** A query key or value as a lenient store might read it. */
const fold = (value: string) => decodeFully(value).normalize('NFKC').replace(IGNORABLE, '');

/** `d`, ` D`, `d[]`, `%64`: every key a store might read as d. */
const isServiceKey = (key: string) => fold(key).toLowerCase().replace(/\[.*$/, '') === 'd';

/**
 * Refuses a query whose service (`d`) a store could read in more than one way: given twice, as
 * an array or object, under another spelling of its key, or with whitespace, control or
 * invisible characters in its value. Answers the query with d in its normal form.
 */
export function canonicalQuery(query: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(query).filter(isServiceKey);
  if (!keys.length) return query;
  const value = query[keys[0]!];
  if (
    keys.length > 1 ||
    keys[0] !== 'd' ||
    typeof value !== 'string' ||
    new RegExp(IGNORABLE.source, 'u').test(value)
  ) {
    throw SiteError.invalid(RELAY_TEXT.serviceAmbiguous);
  }
  return { ...query, d: fold(value) };
}

/**
 * Whether a relayed call reaches the store's messenger (issue 13): by what it does (the
 * broadcastMessage, loglevel/* and messagehistory paths, in any spelling, with any extension
 * such as `.json`) or by a `d` that names the messenger in any case or width.
 */
export function isMessengerCall(path: string, query: Record<string, unknown>): boolean {
  const p = normalisePath(path);
  const bare = p.replace(/\.[^/]*$/, '');
  if (
    MESSENGER_PATHS.includes(bare) ||
    bare === LOG_LEVEL_PATH ||
    p.startsWith(`${LOG_LEVEL_PATH}/`)
  )
    return true;
  const d = canonicalQuery(query).d;
  return typeof d === 'string' && d.toLowerCase() === MESSENGER_SERVICE;
}
