import type { DynamicModule } from '@nestjs/common';
import { ACCESS_TOKEN_HEADER, redactUrlSecrets } from '@store-cloud/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { destination as pinoDestination, type DestinationStream } from 'pino';
import { ConfigService } from '../../config/config.service';

const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'secret',
];

/**
 * Paths pino blanks out wherever they appear in a log line, up to three levels deep.
 * Request bodies are never logged at all; this catches a secret someone logs by mistake.
 */
export const REDACT_PATHS = [
  `req.headers["${ACCESS_TOKEN_HEADER}"]`,
  'req.headers.authorization',
  'req.headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/**
 * Pino for Nest's own logs and one line per HTTP request. The request line carries method, url,
 * status and time only: no headers, no body, no secret query value. destination: where lines go (tests capture them).
 */
export function loggingModule(destination?: DestinationStream): DynamicModule {
  return LoggerModule.forRootAsync({
    inject: [ConfigService],
    useFactory: (config: ConfigService) => {
      const options = {
        level: config.get('logLevel'),
        redact: { paths: REDACT_PATHS, censor: '[redacted]' },
        serializers: {
          req: (req: IncomingMessage & { id?: unknown }) => ({
            id: req.id,
            method: req.method,
            // A site token travels in the query of GET /portal/sitetokeninfo.
            url: req.url && redactUrlSecrets(req.url),
          }),
          res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
        },
        customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
          err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      } as const;
      // Asynchronous writes: a synchronous write of each request line to stdout (a pipe under the
      // launcher) took about a third of a millisecond of every relayed call. pino flushes what is
      // pending when the process exits.
      return { pinoHttp: [options, destination ?? pinoDestination({ dest: 1, sync: false })] };
    },
  });
}
