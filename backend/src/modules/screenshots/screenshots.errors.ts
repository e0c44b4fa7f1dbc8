import { ERROR_CODE, SCREENSHOT_TEXT, SITE_ERROR_CODE } from '@store-cloud/contracts';
import { CodedError, type ErrorCode } from '@store-cloud/node-kit';

/** The codes of the screenshots' refusals; HTTP_STATUS_BY_CODE gives each its status. */
export const SCREENSHOT_ERROR_CODE = {
  /** 409: the store is not online, so nobody can ask it. */
  storeOffline: SITE_ERROR_CODE.storeOffline,
  /** 504: the store did not answer in time. */
  storeTimeout: SITE_ERROR_CODE.storeTimeout,
  /** 502: the store answered that it could not take one. */
  refused: ERROR_CODE.upstreamRefused,
} as const satisfies Record<string, ErrorCode>;
export type ScreenshotErrorCode =
  (typeof SCREENSHOT_ERROR_CODE)[keyof typeof SCREENSHOT_ERROR_CODE];

/** Every refusal of the screenshots. */
export class ScreenshotError extends CodedError {
  constructor(code: ScreenshotErrorCode, message: string) {
    super(code, message);
  }

  static storeOffline() {
    return new ScreenshotError(SCREENSHOT_ERROR_CODE.storeOffline, SCREENSHOT_TEXT.offline);
  }

  static storeTimeout() {
    return new ScreenshotError(SCREENSHOT_ERROR_CODE.storeTimeout, SCREENSHOT_TEXT.timeout);
  }

  static refused(reason: string) {
    return new ScreenshotError(SCREENSHOT_ERROR_CODE.refused, SCREENSHOT_TEXT.refused(reason));
  }
}
