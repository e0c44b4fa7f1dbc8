import type { DynamicModule } from '@nestjs/common';
import { LOG_REDACTION, REQUEST_LOG_OPTIONS, traceLogFields } from '@store-cloud/node-kit';
import { LoggerModule } from 'nestjs-pino';
import { destination as pinoDestination, type DestinationStream } from 'pino';
import { ConfigService } from '../../config/config.service';

/**
 * Pino for Nest's own logs and one line per HTTP request, with the redactions and request line
 * every service uses (node-kit): method, url, status and time only; no headers, no body, no
 * secret query value (a site token travels in the query of GET /portal/sitetokeninfo).
 * destination: where lines go (tests capture them).
 */
export function loggingModule(destination?: DestinationStream): DynamicModule {
  return LoggerModule.forRootAsync({
    inject: [ConfigService],
    useFactory: (config: ConfigService) => {
      const options = {
        level: config.get('logLevel'),
        redact: LOG_REDACTION,
        // With tracing on, each line written inside a traced operation names its trace_id.
        mixin: traceLogFields,
        ...REQUEST_LOG_OPTIONS,
      };
      // Asynchronous writes: a synchronous write of each request line to stdout (a pipe under the
      // launcher) took about a third of a millisecond of every relayed call. pino flushes what is
      // pending when the process exits.
      return { pinoHttp: [options, destination ?? pinoDestination({ dest: 1, sync: false })] };
    },
  });
}
