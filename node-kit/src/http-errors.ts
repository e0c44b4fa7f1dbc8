import {
  ERROR_CODE,
  ERROR_CODE_BY_STATUS,
  type ErrorBody,
  type PlatformErrorCode,
} from '@store-cloud/contracts';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';

/** An error a route throws on purpose; the handler turns it into its status and body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: PlatformErrorCode,
    message: string,
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A zod parse's issues as an error body's issues. */
export const bodyIssues = (issues: readonly z.core.$ZodIssue[]): NonNullable<ErrorBody['issues']> =>
  issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

/**
 * The value as the schema parses it, or a 400 validation HttpError listing the issues; its
 * message is `message`, else each issue as `path: message`.
 */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  value: unknown,
  message?: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = bodyIssues(result.error.issues);
  throw new HttpError(
    400,
    ERROR_CODE.validation,
    message ?? issues.map((i) => `${i.path}: ${i.message}`).join('; '),
    issues,
  );
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, ERROR_CODE.notFound, `No route for ${req.method} ${req.path}`));
};

/**
 * Every error leaves as an errorBodySchema body. Client errors raised by middleware (body
 * parsers mark theirs `expose`) keep their message; anything else is logged and answered with
 * a generic 500, so no stack or internal detail reaches a client.
 */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  const body = toErrorBody(err);
  // pino-http puts req.log on every request of the services that use this handler.
  if (body.status >= 500) (req as Request & { log?: Logger }).log?.error({ err }, 'request failed');
  res.status(body.status).json(body.body);
};

function toErrorBody(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof HttpError) {
    const { code, message, issues } = err;
    return { status: err.status, body: issues ? { code, message, issues } : { code, message } };
  }
  const candidate = err as { status?: unknown; expose?: unknown; message?: unknown };
  if (
    typeof candidate.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500 &&
    candidate.expose === true
  ) {
    const code = ERROR_CODE_BY_STATUS[candidate.status] ?? ERROR_CODE.validation;
    return { status: candidate.status, body: { code, message: String(candidate.message) } };
  }
  return { status: 500, body: { code: ERROR_CODE.internal, message: 'Internal server error' } };
}
