import { ERROR_CODE } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the refusals of API tokens; HTTP_STATUS_BY_CODE gives each its status. */
export const API_TOKEN_ERROR_CODE = {
  unauthenticated: ERROR_CODE.unauthenticated,
  forbidden: ERROR_CODE.forbidden,
  notFound: ERROR_CODE.notFound,
} as const satisfies Record<string, ErrorCode>;
export type ApiTokenErrorCode = (typeof API_TOKEN_ERROR_CODE)[keyof typeof API_TOKEN_ERROR_CODE];

/** Every refusal of API tokens. */
export class ApiTokenError extends CodedError {
  constructor(code: ApiTokenErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static unauthenticated(message: string = 'Authentication required') {
    return new ApiTokenError(API_TOKEN_ERROR_CODE.unauthenticated, message);
  }

  static forbidden(message: string = 'Not allowed') {
    return new ApiTokenError(API_TOKEN_ERROR_CODE.forbidden, message);
  }

  static notFound(message: string = 'Not found') {
    return new ApiTokenError(API_TOKEN_ERROR_CODE.notFound, message);
  }
}
