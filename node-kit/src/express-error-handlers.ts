import { ERROR_CODE, REQUEST_PATH_TEXT, requestPathProblem } from '@store-cloud/contracts';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { toErrorBody } from './error-body';
import { HttpError, ValidationFailedError } from './http-errors';
import { requestIdOf } from './request-id';

/**
 * Before any routing: a path whose percent-encoding does not decode (%ZZ, %ff, overlong %c0%ae)
 * is the client's error, 400, whether or not a route would have decoded it.
 */
export const malformedPathHandler: RequestHandler = (req, _res, next) => {
  if (requestPathProblem(req.url) !== 'malformed') return next();
  next(new ValidationFailedError(REQUEST_PATH_TEXT.malformed));
};

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, ERROR_CODE.notFound, `No route for ${req.method} ${req.path}`));
};

/**
 * Every error leaves as an errorBodySchema body (toErrorBody). A 5xx is logged with the error
 * itself, so its stack reaches the log and never the client. The body names the request's id
 * (requestId, also the X-Request-Id header) for the user to quote.
 */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
  // Too late for an error body: express closes the half-sent response.
  if (res.headersSent) return next(err);
  const { status, body } = toErrorBody(err);
  // pino-http puts req.log on every request of the services that use this handler.
  if (status >= 500) (req as Request & { log?: Logger }).log?.error({ err }, 'request failed');
  res.status(status).json({ ...body, requestId: requestIdOf(req, res) });
};
