import { ERROR_CODE, VALIDATION } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the user administration's refusals (spec §5, §6); HTTP_STATUS_BY_CODE maps them. */
export const USER_ADMIN_ERROR_CODE = {
  usernameInUse: ERROR_CODE.conflict,
  invalid: ERROR_CODE.validation,
  notFound: ERROR_CODE.notFound,
  /** A refusal of access (403), not bad input. */
  forbidden: ERROR_CODE.forbidden,
} as const satisfies Record<string, ErrorCode>;
export type UserAdminErrorCode = (typeof USER_ADMIN_ERROR_CODE)[keyof typeof USER_ADMIN_ERROR_CODE];

const NO_STORE_ACCESS = 'The user has no access to this store';

/** Every refusal of the user administration. */
export class UserAdminError extends CodedError {
  constructor(code: UserAdminErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static usernameInUse() {
    return new UserAdminError(USER_ADMIN_ERROR_CODE.usernameInUse, VALIDATION.usernameInUse);
  }
  static currentPassword() {
    return new UserAdminError(USER_ADMIN_ERROR_CODE.invalid, VALIDATION.currentPasswordError, [
      { path: 'currentPassword', message: VALIDATION.currentPasswordError },
    ]);
  }
  static notFound() {
    return new UserAdminError(USER_ADMIN_ERROR_CODE.notFound, 'User not found');
  }
  static forbidden(message: string) {
    return new UserAdminError(USER_ADMIN_ERROR_CODE.forbidden, message);
  }
  static unknownApplications(names: string[]) {
    const message = `Unknown applications: ${names.join(', ')}`;
    return new UserAdminError(USER_ADMIN_ERROR_CODE.invalid, message, [
      { path: 'userdata.applications', message },
    ]);
  }
  /** The store is outside what the user may open: a refusal (403), no longer a 400. */
  static storeNotAccessible() {
    return new UserAdminError(USER_ADMIN_ERROR_CODE.forbidden, NO_STORE_ACCESS, [
      { path: 'sitecredentials.storeId', message: NO_STORE_ACCESS },
    ]);
  }
  static unknownAccess(what: string[]) {
    const message = `Access names what does not exist: ${what.slice(0, 20).join(', ')}`;
    return new UserAdminError(USER_ADMIN_ERROR_CODE.invalid, message, [
      { path: 'userdata.access', message },
    ]);
  }
}
