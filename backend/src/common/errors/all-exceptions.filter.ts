import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import { ERROR_CODE, REDIS_UNAVAILABLE_MESSAGE } from '@store-cloud/contracts';
import {
  CodedError,
  errorOfStatus,
  HttpError,
  requestIdOf,
  toErrorBody,
} from '@store-cloud/node-kit';
import type { Request, Response } from 'express';
import { isRedisUnavailable } from './redis-unavailable';

const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, try again shortly';

/** The driver's errors for a database it cannot reach: the caller may retry, so 503, not 500. */
const UNREACHABLE_DB_ERRORS = [
  'MongoNetworkError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongooseServerSelectionError',
];
const isDatabaseUnreachable = (e: unknown) =>
  e instanceof Error && UNREACHABLE_DB_ERRORS.includes(e.name);

/**
 * Nest's side of node-kit's error model: every error leaves as `{ code, message, issues? }` with
 * the status toErrorBody gives it and the request's id, as in the media server and the simulator. Nothing internal
 * (stack, driver message) reaches a client; an unexpected error is logged here and answered 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const { status, body } = toErrorBody(asNodeKitError(exception));
    // An outage is logged once by the Redis client, not once per refused request.
    if (status >= 500 && !(exception instanceof HttpError) && !isRedisUnavailable(exception)) {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (res.headersSent) return;
    res.status(status).json({ ...body, requestId: requestIdOf(http.getRequest<Request>(), res) });
  }
}

/**
 * What only the backend meets, as node-kit's errors: Nest's HttpException (its status, never its
 * text), a database or Redis it cannot reach (503 by HTTP_STATUS_BY_CODE, may be retried).
 * Anything else as it is: a module's error carries its code, and the map gives its status.
 */
function asNodeKitError(exception: unknown): unknown {
  if (exception instanceof HttpException) {
    return errorOfStatus(exception.getStatus(), isNestJsonParseError(exception));
  }
  if (isDatabaseUnreachable(exception))
    return new CodedError(ERROR_CODE.unavailable, UNAVAILABLE_MESSAGE);
  if (isRedisUnavailable(exception)) {
    return new CodedError(ERROR_CODE.redisUnavailable, REDIS_UNAVAILABLE_MESSAGE);
  }
  return exception;
}

/** Nest wraps the body parser's SyntaxError in a BadRequestException with the parser's text. */
function isNestJsonParseError(exception: HttpException): boolean {
  if ((exception.cause as { type?: unknown } | undefined)?.type === 'entity.parse.failed') {
    return true;
  }
  const response = exception.getResponse();
  const text = typeof response === 'string' ? response : JSON.stringify(response);
  return /JSON/.test(text);
}
