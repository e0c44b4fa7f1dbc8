/**
 * ioredis's texts for a command that could not reach Redis (connection down, closed, or too
 * slow). A ReplyError (Redis itself answered with an error) is not one of them.
 */
const UNREACHABLE_TEXTS = [
  /^Command timed out/,
  /^Connection is closed/,
  /enableOfflineQueue options is false/,
  /^Reached the max retries per request limit/,
];

/** True for an error that means "Redis is not there right now": answered 503, not 500. */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || error.name === 'ReplyError') return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return UNREACHABLE_TEXTS.some((text) => text.test(error.message));
}
