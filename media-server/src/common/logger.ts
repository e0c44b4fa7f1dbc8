import pino, { type Logger } from 'pino';

/** Tokens and cookies must never reach a log line. */
const REDACTED_PATHS = [
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

export function createLogger(level: string, name = 'media-server'): Logger {
  return pino({ name, level, redact: REDACTED_PATHS });
}
