import { ERROR_CODE, MFA_TEXT } from '@store-cloud/contracts';
import { CodedError, type ErrorCode } from '@store-cloud/node-kit';

/** The codes of the guards' refusals (who may call a route); HTTP_STATUS_BY_CODE maps them. */
export const ACCESS_ERROR_CODE = {
  unauthenticated: ERROR_CODE.unauthenticated,
  /** A refusal of access: 403, never a 400. */
  forbidden: ERROR_CODE.forbidden,
  /** A token that may only set up a second factor, on any other route (issue 27). */
  mfaEnrolmentRequired: ERROR_CODE.mfaEnrolmentRequired,
} as const satisfies Record<string, ErrorCode>;
export type AccessErrorCode = (typeof ACCESS_ERROR_CODE)[keyof typeof ACCESS_ERROR_CODE];

/** Every refusal of the guards and access checks of common/auth. */
export class AccessError extends CodedError {
  constructor(code: AccessErrorCode, message: string) {
    super(code, message);
  }

  static unauthenticated(message: string = 'Authentication required') {
    return new AccessError(ACCESS_ERROR_CODE.unauthenticated, message);
  }
  static forbidden(message: string = 'Not allowed') {
    return new AccessError(ACCESS_ERROR_CODE.forbidden, message);
  }
  static mfaEnrolmentRequired() {
    return new AccessError(ACCESS_ERROR_CODE.mfaEnrolmentRequired, MFA_TEXT.enrolmentRequired);
  }
}
