import { ERROR_CODE, MFA_TEXT } from '@store-cloud/contracts';
import {
  CodedError,
  ConflictError,
  ForbiddenError,
  ValidationFailedError,
} from '@store-cloud/node-kit';

/**
 * A wrong, used or replayed code at login: INVALID_CREDENTIALS like a wrong password, so the
 * login limits count it (LoginLimitInterceptor).
 */
export class WrongMfaCodeError extends CodedError {
  constructor(message: string = MFA_TEXT.wrongCode) {
    super(ERROR_CODE.invalidCredentials, message);
  }
}

/** A wrong code on the profile page (the caller is signed in: 400, not a 401 that logs out). */
export class WrongEnrolmentCodeError extends ValidationFailedError {
  constructor(message: string = MFA_TEXT.wrongCode) {
    super(message, [{ path: 'code', message }]);
  }
}

export class MfaStateError extends ConflictError {}

export class MfaStillRequiredError extends ForbiddenError {
  constructor() {
    super(MFA_TEXT.stillRequired);
  }
}
