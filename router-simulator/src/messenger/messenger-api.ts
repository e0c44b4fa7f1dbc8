import {
  type BroadcastResult,
  ERROR_CODE,
  type ErrorBody,
  LOG_LEVELS,
  MESSAGING_API,
  type SiteReply,
  siteMessageSchema,
  storePathOf,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { bodyIssues } from '@store-cloud/node-kit';
import { isLogLevel, StoreMessenger } from './store-messenger';

const BROADCAST_PATH = storePathOf(MESSAGING_API.broadcastMessage);
const HISTORY_PATH = storePathOf(MESSAGING_API.messageHistory);
const LOG_LEVEL_PATH = /^\/loglevel\/([^/]+)$/;
/** Up to a year of minutes, as the message payload allows. */
const MAX_PERIOD_MINUTES = 525_600;

const invalid = (message: string, issues?: z.core.$ZodIssue[]): SiteReply => {
  const body: ErrorBody = { code: ERROR_CODE.validation, message };
  if (issues) body.issues = bodyIssues(issues);
  return { status: 400, body };
};

/**
 * The store messenger's calls (media spec §7, d=em): POST /broadcastMessage with a message
 * (applied once per message id: a repeated id answers the first receipt, duplicate: true),
 * POST /loglevel/{level}[?for=minutes], GET /messagehistory. Undefined for any other call. Without
 * a messenger (a bare answer) the calls are checked and answered but nothing is kept.
 */
export function answerMessenger(
  messenger: StoreMessenger | undefined,
  request: { method: string; path: string; query: Record<string, string>; body?: unknown },
): SiteReply | undefined {
  const box = messenger ?? new StoreMessenger();
  if (request.path === BROADCAST_PATH && request.method === 'POST') {
    const message = siteMessageSchema.safeParse(request.body);
    if (!message.success) return invalid('Not a valid message', message.error.issues);
    const { entry, duplicate } = box.receive(message.data);
    const body: BroadcastResult = {
      success: true,
      id: message.data.id,
      receivedAt: entry.receivedAt,
      duplicate,
    };
    return { status: 200, body };
  }
  const logLevel = LOG_LEVEL_PATH.exec(request.path);
  if (logLevel && request.method === 'POST') {
    const level = decodeURIComponent(logLevel[1]!);
    if (!isLogLevel(level)) return invalid(`The log level must be one of ${LOG_LEVELS.join(', ')}`);
    const period = request.query.for;
    let minutes: number | undefined;
    if (period !== undefined) {
      minutes = /^\d+$/.test(period) ? Number(period) : Number.NaN;
      if (!(minutes >= 1 && minutes <= MAX_PERIOD_MINUTES))
        return invalid(`for: a number of minutes from 1 to ${MAX_PERIOD_MINUTES}`);
    }
    const { until } = box.setLogLevel(level, minutes);
    return { status: 200, body: { success: true, level, until } };
  }
  if (request.path === HISTORY_PATH && request.method === 'GET') {
    return { status: 200, body: box.view().history };
  }
  return undefined;
}
