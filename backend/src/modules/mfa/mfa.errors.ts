import { ERROR_CODE, MFA_TEXT } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the second factor's refusals; HTTP_STATUS_BY_CODE gives each its status. */
export const MFA_ERROR_CODE = {
  /**
   * A wrong, used or replayed code at login: INVALID_CREDENTIALS like a wrong password, so the
   * login limits count it (LoginLimitInterceptor).
   */
  wrongCode: ERROR_CODE.invalidCredentials,
  /** A wrong code on the profile page (the caller is signed in: 400, not a 401 that logs out). */
  wrongEnrolmentCode: ERROR_CODE.validation,
  /** The step does not fit the state (already on, not started, not on). */
  state: ERROR_CODE.conflict,
  /** The user's type requires a second factor: the last one may not be switched off. */
  stillRequired: ERROR_CODE.forbidden,
} as const satisfies Record<string, ErrorCode>;
export type MfaErrorCode = (typeof MFA_ERROR_CODE)[keyof typeof MFA_ERROR_CODE];

/** Every refusal of the second factor's set-up and sign-in step. */
export class MfaError extends CodedError {
  constructor(code: MfaErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static wrongCode(message: string = MFA_TEXT.wrongCode) {
    return new MfaError(MFA_ERROR_CODE.wrongCode, message);
  }
  static wrongEnrolmentCode(message: string = MFA_TEXT.wrongCode) {
    return new MfaError(MFA_ERROR_CODE.wrongEnrolmentCode, message, [{ path: 'code', message }]);
  }
  static state(message: string) {
    return new MfaError(MFA_ERROR_CODE.state, message);
  }
  static stillRequired() {
    return new MfaError(MFA_ERROR_CODE.stillRequired, MFA_TEXT.stillRequired);
  }
}
