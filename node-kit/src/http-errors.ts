import {
  ERROR_CODE,
  type ErrorBody,
  type PlatformErrorCode,
  SITE_ERROR_CODE,
} from '@store-cloud/contracts';
import type { z } from 'zod';

/** Every code an error body may carry: ERROR_CODE, and SITE_ERROR_CODE of store connections. */
export type ErrorCode = PlatformErrorCode | (typeof SITE_ERROR_CODE)[keyof typeof SITE_ERROR_CODE];
export type ErrorIssue = NonNullable<ErrorBody['issues']>[number];

/** The statuses an error may answer with. */
export type HttpErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 429 | 500 | 502 | 503 | 504 | 507;

/**
 * HTTP status per error code: the one place that decides it for errors known by their code.
 * Exhaustive by its type: a code added to ERROR_CODE or SITE_ERROR_CODE without a status here
 * fails the typecheck.
 */
export const HTTP_STATUS_BY_CODE: Readonly<Record<ErrorCode, HttpErrorStatus>> = {
  [ERROR_CODE.validation]: 400,
  [ERROR_CODE.unauthenticated]: 401,
  [ERROR_CODE.invalidCredentials]: 401,
  [ERROR_CODE.mfaEnrolmentRequired]: 403,
  [ERROR_CODE.forbidden]: 403,
  [ERROR_CODE.notFound]: 404,
  [ERROR_CODE.conflict]: 409,
  [ERROR_CODE.methodNotAllowed]: 405,
  [ERROR_CODE.confirmationRequired]: 409,
  [ERROR_CODE.fileExists]: 409,
  [ERROR_CODE.tooManyRequests]: 429,
  [ERROR_CODE.internal]: 500,
  [ERROR_CODE.unavailable]: 503,
  [ERROR_CODE.upstreamRefused]: 502,
  [ERROR_CODE.upstreamInvalid]: 502,
  [ERROR_CODE.redisUnavailable]: 503,
  [ERROR_CODE.insufficientStorage]: 507,
  [SITE_ERROR_CODE.connectionClosed]: 401,
  [SITE_ERROR_CODE.connectionClosedByAdmin]: 401,
  [SITE_ERROR_CODE.siteLoginFailed]: 401,
  [SITE_ERROR_CODE.storeOffline]: 409,
  [SITE_ERROR_CODE.notConnected]: 409,
  [SITE_ERROR_CODE.storeTimeout]: 504,
  [SITE_ERROR_CODE.outcomeUnknown]: 504,
};

/**
 * An error a service throws on purpose; toErrorBody answers it with its status and
 * `{ code, message, issues? }`. Its message goes to the client as is, so it must be fit for a
 * person and free of internal detail.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** An HttpError whose status is the one its code has (HTTP_STATUS_BY_CODE). */
export class CodedError extends HttpError {
  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[]) {
    super(HTTP_STATUS_BY_CODE[code], code, message, issues);
  }
}

export class ValidationFailedError extends HttpError {
  constructor(message: string, issues?: ErrorIssue[]) {
    super(400, ERROR_CODE.validation, message, issues);
  }
}

export class UnauthenticatedError extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, ERROR_CODE.unauthenticated, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Not allowed') {
    super(403, ERROR_CODE.forbidden, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, ERROR_CODE.notFound, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, ERROR_CODE.conflict, message);
  }
}

export class UnavailableError extends HttpError {
  constructor(message = 'Service unavailable') {
    super(503, ERROR_CODE.unavailable, message);
  }
}

/** A zod parse's issues as an error body's issues; an issue about the whole value gets `root`. */
export const bodyIssues = (issues: readonly z.core.$ZodIssue[], root = ''): ErrorIssue[] =>
  issues.map((issue) => ({
    path: issue.path.length ? issue.path.join('.') : root,
    message: issue.message,
  }));

/** Issues as one message: each as `path: message`, joined by `; `. */
export const issuesMessage = (issues: readonly ErrorIssue[]): string =>
  issues.map((i) => `${i.path}: ${i.message}`).join('; ');

/**
 * The value as the schema parses it, or a 400 ValidationFailedError listing the issues; its
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
  throw new ValidationFailedError(message ?? issuesMessage(issues), issues);
}
