import { Logger } from '@nestjs/common';
import { ERROR_CODE, type Upstream, upstreamInvalidText } from '@store-cloud/contracts';
import { CodedError, issuesMessage, bodyIssues } from '@store-cloud/node-kit';
import type { z } from 'zod';

/** A store or the media server answered off its schema: a 502 naming it, never the caller's 400. */
export class UpstreamInvalidError extends CodedError {
  constructor(readonly upstream: Upstream) {
    super(ERROR_CODE.upstreamInvalid, upstreamInvalidText(upstream));
  }
}

const logger = new Logger('Upstream');

/**
 * An upstream's answer as its schema parses it, or an UpstreamInvalidError. The issues (paths and
 * zod's words, never the values) go to the log for whoever fixes the upstream.
 */
export function parseUpstream<S extends z.ZodType>(
  upstream: Upstream,
  schema: S,
  value: unknown,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  logger.warn(
    `The ${upstream} answered off its schema: ${issuesMessage(bodyIssues(result.error.issues))}`,
  );
  throw new UpstreamInvalidError(upstream);
}
