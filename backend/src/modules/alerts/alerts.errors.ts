import { ERROR_CODE } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the refusals of alerts (incidents and rules); HTTP_STATUS_BY_CODE gives each its status. */
export const ALERT_ERROR_CODE = {
  invalid: ERROR_CODE.validation,
  notFound: ERROR_CODE.notFound,
  conflict: ERROR_CODE.conflict,
} as const satisfies Record<string, ErrorCode>;
export type AlertErrorCode = (typeof ALERT_ERROR_CODE)[keyof typeof ALERT_ERROR_CODE];

/** Every refusal of alerts (incidents and rules). */
export class AlertError extends CodedError {
  constructor(code: AlertErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static invalid(message: string, issues?: ErrorIssue[]) {
    return new AlertError(ALERT_ERROR_CODE.invalid, message, issues);
  }

  static notFound(message: string = 'Not found') {
    return new AlertError(ALERT_ERROR_CODE.notFound, message);
  }

  static conflict(message: string) {
    return new AlertError(ALERT_ERROR_CODE.conflict, message);
  }
}
