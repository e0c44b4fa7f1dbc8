import { ACCESS_TOKEN_HEADER } from '@store-cloud/contracts';
import pino, { type Logger } from 'pino';
import { traceLogFields } from './trace-context';

const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'secret',
];

/**
 * Paths pino blanks out wherever they appear in a log line (secret fields up to three levels
 * deep): tokens, cookies and passwords must never reach a log. Request bodies are never logged
 * at all; this catches a secret someone logs by mistake.
 */
export const LOG_REDACTION = {
  paths: [
    `req.headers["${ACCESS_TOKEN_HEADER}"]`,
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  ],
  censor: '[redacted]',
};

/**
 * A pino logger named after its service, with the redactions every service needs; a line
 * written inside a traced operation carries trace_id and span_id.
 */
export function createLogger(level: string, name: string): Logger {
  return pino({ name, level, redact: LOG_REDACTION, mixin: traceLogFields });
}
