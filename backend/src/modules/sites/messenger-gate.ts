import { MESSAGING_API, MESSENGER_SERVICE, storePathOf } from '@store-cloud/contracts';
import { posix } from 'node:path';

/** The store's messenger calls, below /api/v1, as normalisePath writes them. */
const MESSENGER_PATHS = [
  storePathOf(MESSAGING_API.broadcastMessage),
  storePathOf(MESSAGING_API.messageHistory),
].map((p) => p.toLowerCase());
const LOG_LEVEL_PATH = '/loglevel';

/**
 * Decodes %xx (repeatedly, as a lenient router might), lower-cases, resolves `.` and `..`, folds
 * `//` and trailing `/`.
 */
export function normalisePath(path: string): string {
  let decoded = path;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  const folded = posix
    .normalize(`/${decoded.toLowerCase().replace(/\\/g, '/')}`)
    .replace(/\/+$/, '');
  return folded || '/';
}

/** A query value as a store might read it: trimmed, any case, spaces inside ignored. */
const fold = (value: string) => value.replace(/\s+/g, '').toLowerCase();

/**
 * Whether a relayed call reaches the store's messenger (issue 13): by what it does (the
 * broadcastMessage, loglevel/* and messagehistory paths, in any spelling) or by a `d` that
 * names the messenger in any case or spacing (also under a `D` or ` d` key).
 */
export function isMessengerCall(path: string, query: Record<string, unknown>): boolean {
  const p = normalisePath(path);
  if (MESSENGER_PATHS.includes(p) || p === LOG_LEVEL_PATH || p.startsWith(`${LOG_LEVEL_PATH}/`))
    return true;
  return Object.entries(query).some(
    ([key, value]) =>
      fold(key) === 'd' &&
      (Array.isArray(value) ? value : [value]).some(
        (v) => typeof v === 'string' && fold(v) === MESSENGER_SERVICE,
      ),
  );
}
