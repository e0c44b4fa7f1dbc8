import { ERROR_CODE, type ErrorBody, SITE_ERROR_CODE } from '@store-cloud/contracts';

export type ErrorCode =
  | (typeof ERROR_CODE)[keyof typeof ERROR_CODE]
  | (typeof SITE_ERROR_CODE)[keyof typeof SITE_ERROR_CODE];
export type ErrorIssue = NonNullable<ErrorBody['issues']>[number];

/**
 * The base of every error a domain throws on purpose. Its message goes to the client as is,
 * so it must be fit for a person and free of internal detail.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailedError extends DomainError {
  constructor(message: string, issues?: ErrorIssue[]) {
    super(ERROR_CODE.validation, message, issues);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Authentication required') {
    super(ERROR_CODE.unauthenticated, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Not allowed') {
    super(ERROR_CODE.forbidden, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(ERROR_CODE.notFound, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(ERROR_CODE.conflict, message);
  }
}

export class UnavailableError extends DomainError {
  constructor(message = 'Service unavailable') {
    super(ERROR_CODE.unavailable, message);
  }
}

/** HTTP status per error code: the one place that decides it. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  [ERROR_CODE.validation]: 400,
  [ERROR_CODE.unauthenticated]: 401,
  [ERROR_CODE.invalidCredentials]: 401,
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
  [ERROR_CODE.redisUnavailable]: 503,
  [SITE_ERROR_CODE.connectionClosed]: 401,
  [SITE_ERROR_CODE.siteLoginFailed]: 401,
  [SITE_ERROR_CODE.storeOffline]: 409,
  [SITE_ERROR_CODE.notConnected]: 409,
  [SITE_ERROR_CODE.storeTimeout]: 504,
};
