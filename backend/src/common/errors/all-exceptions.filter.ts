import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import {
  ERROR_CODE,
  ERROR_CODE_BY_STATUS,
  type ErrorBody,
  REDIS_UNAVAILABLE_MESSAGE,
} from '@store-cloud/contracts';
import type { Response } from 'express';
import { ZodError } from 'zod';
import { isRedisUnavailable } from '../../modules/redis/redis-unavailable';
import { DomainError, HTTP_STATUS_BY_CODE } from './domain.error';

const GENERIC_MESSAGE = 'An unexpected error occurred';
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

const MESSAGE_BY_STATUS: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body is too large',
  415: 'Unsupported request body',
  429: 'Too many requests, try again later',
};

interface Mapped {
  status: number;
  body: ErrorBody;
}

/**
 * Turns every error into `{ code, message, issues? }` with a fitting status. Nothing internal
 * (stack, driver message, SQL) reaches a client; unknown errors are logged here and answered 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.map(exception);
    // An outage is logged once by the Redis client, not once per refused request.
    if (status >= 500 && !(exception instanceof DomainError) && !isRedisUnavailable(exception)) {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (res.headersSent) return;
    res.status(status).json(body);
  }

  private map(exception: unknown): Mapped {
    if (exception instanceof DomainError) {
      const body: ErrorBody = { code: exception.code, message: exception.message };
      if (exception.issues?.length) body.issues = exception.issues;
      return { status: HTTP_STATUS_BY_CODE[exception.code], body };
    }
    if (exception instanceof HttpException) {
      return this.fromStatus(exception.getStatus(), exception);
    }
    // A schema parsed inside a handler (not by the pipe) refused its input: the caller's fault.
    if (exception instanceof ZodError) {
      const issues = exception.issues.map((i) => ({
        path: i.path.length ? i.path.join('.') : 'request',
        message: i.message,
      }));
      return {
        status: 400,
        body: {
          code: ERROR_CODE.validation,
          message: issues.map((i) => `${i.path}: ${i.message}`).join('; '),
          issues,
        },
      };
    }
    // body-parser and other http-errors carry a status and say whether it is safe to expose.
    const httpError = exception as { status?: unknown; expose?: unknown; type?: unknown };
    if (
      typeof httpError?.status === 'number' &&
      httpError.status >= 400 &&
      httpError.status < 500 &&
      httpError.expose
    ) {
      return this.fromStatus(httpError.status, exception);
    }
    if (isDatabaseUnreachable(exception)) {
      return { status: 503, body: { code: ERROR_CODE.unavailable, message: UNAVAILABLE_MESSAGE } };
    }
    if (isRedisUnavailable(exception)) {
      return {
        status: 503,
        body: { code: ERROR_CODE.redisUnavailable, message: REDIS_UNAVAILABLE_MESSAGE },
      };
    }
    return { status: 500, body: { code: ERROR_CODE.internal, message: GENERIC_MESSAGE } };
  }

  private fromStatus(status: number, exception: unknown): Mapped {
    if (status >= 500) {
      return {
        status,
        body: {
          code: ERROR_CODE_BY_STATUS[status] ?? ERROR_CODE.internal,
          message: GENERIC_MESSAGE,
        },
      };
    }
    const code = ERROR_CODE_BY_STATUS[status] ?? ERROR_CODE.validation;
    // A JSON syntax error from the body parser: its text quotes the body, so say it plainly.
    const message =
      exception instanceof SyntaxError || isJsonParseError(exception)
        ? 'Request body is not valid JSON'
        : (MESSAGE_BY_STATUS[status] ?? 'Request refused');
    return { status, body: { code, message } };
  }
}

function isJsonParseError(exception: unknown): boolean {
  if (exception instanceof HttpException) {
    const cause = exception.cause as { type?: unknown } | undefined;
    if (cause?.type === 'entity.parse.failed') return true;
    // Nest wraps the parser's SyntaxError in a BadRequestException with the parser's text.
    const response = exception.getResponse();
    const text = typeof response === 'string' ? response : JSON.stringify(response);
    return /JSON/.test(text);
  }
  return (exception as { type?: unknown })?.type === 'entity.parse.failed';
}
