import { ERROR_CODE } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the refusals of the audit trail; HTTP_STATUS_BY_CODE gives each its status. */
export const AUDIT_ERROR_CODE = {
  unauthenticated: ERROR_CODE.unauthenticated,
  unavailable: ERROR_CODE.unavailable,
} as const satisfies Record<string, ErrorCode>;
export type AuditErrorCode = (typeof AUDIT_ERROR_CODE)[keyof typeof AUDIT_ERROR_CODE];

/** Every refusal of the audit trail. */
export class AuditError extends CodedError {
  constructor(code: AuditErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static unauthenticated(message: string = 'Authentication required') {
    return new AuditError(AUDIT_ERROR_CODE.unauthenticated, message);
  }

  static unavailable(message: string = 'Service unavailable') {
    return new AuditError(AUDIT_ERROR_CODE.unavailable, message);
  }
}
