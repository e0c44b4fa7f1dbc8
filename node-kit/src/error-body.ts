import {
  ERROR_CODE,
  ERROR_CODE_BY_STATUS,
  type ErrorBody,
  REQUEST_PATH_TEXT,
} from '@store-cloud/contracts';
import { ZodError } from 'zod';
import { bodyIssues, HttpError, issuesMessage } from './http-errors';

/** What a client hears of an error it may not see: a 5xx, or one not thrown on purpose. */
export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred';

const MESSAGE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body is too large',
  415: 'Unsupported request body',
  429: 'Too many requests, try again later',
};
const INVALID_JSON_MESSAGE = 'Request body is not valid JSON';

/** An error as it leaves the service: its status and an errorBodySchema body. */
export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
}

/**
 * The error of a status known only by its number (a body the parser refused, Nest's
 * HttpException): the status's code and a plain message, never the source's own text (a JSON
 * parser's quotes the body). invalidJson: the body did not parse as JSON.
 */
export function errorOfStatus(status: number, invalidJson = false): HttpError {
  if (status >= 500) {
    return new HttpError(
      status,
      ERROR_CODE_BY_STATUS[status] ?? ERROR_CODE.internal,
      GENERIC_ERROR_MESSAGE,
    );
  }
  const code = ERROR_CODE_BY_STATUS[status] ?? ERROR_CODE.validation;
  const message = invalidJson
    ? INVALID_JSON_MESSAGE
    : (MESSAGE_BY_STATUS[status] ?? 'Request refused');
  return new HttpError(status, code, message);
}

/** body-parser's refusal of a body that is not JSON (a SyntaxError marked entity.parse.failed). */
export const isInvalidJsonError = (err: unknown): boolean =>
  err instanceof SyntaxError || (err as { type?: unknown } | null)?.type === 'entity.parse.failed';

/**
 * Every error as its status and body, for every service (the express errorHandler, the
 * backend's exception filter):
 * - an HttpError: its status, code, message and issues;
 * - a ZodError (a schema parsed inside a handler): 400 with its issues;
 * - a client error of an http-errors library (body-parser marks its 4xx `expose`): its status
 *   with a plain message (errorOfStatus);
 * - a URIError (a route parameter whose percent-encoding does not decode): 400;
 * - anything else: 500 with a generic message; the caller logs it, the client learns nothing.
 */
export function toErrorBody(err: unknown): ErrorAnswer {
  if (err instanceof URIError) {
    return {
      status: 400,
      body: { code: ERROR_CODE.validation, message: REQUEST_PATH_TEXT.malformed },
    };
  }
  if (err instanceof HttpError) {
    const { status, code, message, issues } = err;
    return { status, body: issues?.length ? { code, message, issues } : { code, message } };
  }
  if (err instanceof ZodError) {
    const issues = bodyIssues(err.issues, 'request');
    return {
      status: 400,
      body: { code: ERROR_CODE.validation, message: issuesMessage(issues), issues },
    };
  }
  const candidate = err as { status?: unknown; expose?: unknown } | null;
  if (
    typeof candidate?.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500 &&
    candidate.expose === true
  ) {
    return toErrorBody(errorOfStatus(candidate.status, isInvalidJsonError(err)));
  }
  return { status: 500, body: { code: ERROR_CODE.internal, message: GENERIC_ERROR_MESSAGE } };
}
