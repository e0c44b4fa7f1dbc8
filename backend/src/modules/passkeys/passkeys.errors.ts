import { ERROR_CODE, PASSKEY_TEXT } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the refusals of passkeys; HTTP_STATUS_BY_CODE gives each its status. */
export const PASSKEY_ERROR_CODE = {
  /** A sign-in that did not verify: 401 like a wrong password, and counted like one. */
  signInFailed: ERROR_CODE.invalidCredentials,
  invalid: ERROR_CODE.validation,
  notFound: ERROR_CODE.notFound,
  conflict: ERROR_CODE.conflict,
} as const satisfies Record<string, ErrorCode>;
export type PasskeyErrorCode = (typeof PASSKEY_ERROR_CODE)[keyof typeof PASSKEY_ERROR_CODE];

/** Every refusal of passkeys. */
export class PasskeyError extends CodedError {
  constructor(code: PasskeyErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static invalid(message: string, issues?: ErrorIssue[]) {
    return new PasskeyError(PASSKEY_ERROR_CODE.invalid, message, issues);
  }

  static notFound(message: string = 'Not found') {
    return new PasskeyError(PASSKEY_ERROR_CODE.notFound, message);
  }

  static conflict(message: string) {
    return new PasskeyError(PASSKEY_ERROR_CODE.conflict, message);
  }

  static signInFailed(message: string = PASSKEY_TEXT.failed) {
    return new PasskeyError(PASSKEY_ERROR_CODE.signInFailed, message);
  }
}
