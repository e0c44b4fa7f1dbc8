import { ERROR_CODE, SSO_TEXT, type SsoError as SsoErrorReason } from '@store-cloud/contracts';
import { CodedError, type ErrorCode } from '@store-cloud/node-kit';

/** The codes of single sign-on's refusals; HTTP_STATUS_BY_CODE gives each its status. */
export const SSO_ERROR_CODE = {
  /** Single sign-on is not configured on this platform. */
  notConfigured: ERROR_CODE.notFound,
  /** An unknown, used or expired one-time code, or another browser's. */
  codeInvalid: ERROR_CODE.unauthenticated,
  /** A sign-in at the provider that ends without a code (its reason says why). */
  signInRefused: ERROR_CODE.unauthenticated,
} as const satisfies Record<string, ErrorCode>;
export type SsoErrorCode = (typeof SSO_ERROR_CODE)[keyof typeof SSO_ERROR_CODE];

/** Every refusal of single sign-on. */
export class SsoError extends CodedError {
  constructor(
    code: SsoErrorCode,
    message: string,
    /** signInRefused: why, for the portal's SSO screen (SSO_ERROR). */
    readonly reason?: SsoErrorReason,
  ) {
    super(code, message);
  }

  static notConfigured() {
    return new SsoError(SSO_ERROR_CODE.notConfigured, SSO_TEXT.notConfigured);
  }
  static codeInvalid() {
    return new SsoError(SSO_ERROR_CODE.codeInvalid, SSO_TEXT.codeInvalid);
  }
  /**
   * A sign-in that ends without a code. The browser is on a redirect, so the callback sends the
   * reason to the portal's SSO screen in its address (SSO_ERROR), never as a JSON answer.
   */
  static signInRefused(reason: SsoErrorReason) {
    return new SsoError(SSO_ERROR_CODE.signInRefused, SSO_TEXT.errors[reason], reason);
  }

  /** The reason of a refused sign-in, or undefined for any other error. */
  static reasonOf(error: unknown): SsoErrorReason | undefined {
    return error instanceof SsoError ? error.reason : undefined;
  }
}
