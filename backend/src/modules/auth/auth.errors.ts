import { ERROR_CODE, LOGIN_TEXT } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the refusals of sign-in and access tokens; HTTP_STATUS_BY_CODE gives each its status. */
export const AUTH_ERROR_CODE = {
  unauthenticated: ERROR_CODE.unauthenticated,
  /** A wrong username or password: counted by the login limits (LoginLimitInterceptor). */
  invalidCredentials: ERROR_CODE.invalidCredentials,
} as const satisfies Record<string, ErrorCode>;
export type AuthErrorCode = (typeof AUTH_ERROR_CODE)[keyof typeof AUTH_ERROR_CODE];

/** Every refusal of sign-in and access tokens. */
export class AuthError extends CodedError {
  constructor(code: AuthErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static unauthenticated(message: string = 'Authentication required') {
    return new AuthError(AUTH_ERROR_CODE.unauthenticated, message);
  }

  static invalidCredentials() {
    return new AuthError(AUTH_ERROR_CODE.invalidCredentials, LOGIN_TEXT.failed);
  }
}
