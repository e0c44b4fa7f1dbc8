import { ERROR_CODE } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the refusals of portal sessions; HTTP_STATUS_BY_CODE gives each its status. */
export const SESSION_ERROR_CODE = {
  notFound: ERROR_CODE.notFound,
} as const satisfies Record<string, ErrorCode>;
export type SessionErrorCode = (typeof SESSION_ERROR_CODE)[keyof typeof SESSION_ERROR_CODE];

/** Every refusal of portal sessions. */
export class SessionError extends CodedError {
  constructor(code: SessionErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static notFound(message: string = 'Not found') {
    return new SessionError(SESSION_ERROR_CODE.notFound, message);
  }
}
