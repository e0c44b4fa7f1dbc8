import pino, { type Logger } from 'pino';

/** Tokens and cookies must never reach a log line. */
const REDACTED_PATHS = [
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** A pino logger named after its service, with the redactions every service needs. */
export function createLogger(level: string, name: string): Logger {
  return pino({ name, level, redact: REDACTED_PATHS });
}
