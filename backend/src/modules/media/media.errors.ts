import { ERROR_CODE, MEDIA_SERVER_TEXT } from '@store-cloud/contracts';
import { CodedError, type ErrorCode } from '@store-cloud/node-kit';

/** The codes of the media domain's refusals; HTTP_STATUS_BY_CODE gives each its status. */
export const MEDIA_ERROR_CODE = {
  forbidden: ERROR_CODE.forbidden,
  notFound: ERROR_CODE.notFound,
  conflict: ERROR_CODE.conflict,
  invalid: ERROR_CODE.validation,
  serverUnavailable: ERROR_CODE.unavailable,
  /** The media server's disk is full (its 507): passed on as 507 with its message. */
  diskFull: ERROR_CODE.insufficientStorage,
  /** The media server refused a step ({code, message}): 502 with its reason. */
  serverRefused: ERROR_CODE.upstreamRefused,
} as const satisfies Record<string, ErrorCode>;
export type MediaErrorCode = (typeof MEDIA_ERROR_CODE)[keyof typeof MEDIA_ERROR_CODE];

/** Every central media refusal; each message is the spec's text where the spec words one. */
export class MediaError extends CodedError {
  constructor(
    code: MediaErrorCode,
    message: string,
    /** serverRefused: the media server's own status (404: no such folder). */
    readonly upstreamStatus?: number,
  ) {
    super(code, message);
  }

  static forbidden(message: string) {
    return new MediaError(MEDIA_ERROR_CODE.forbidden, message);
  }
  static notFound(message: string) {
    return new MediaError(MEDIA_ERROR_CODE.notFound, message);
  }
  static conflict(message: string) {
    return new MediaError(MEDIA_ERROR_CODE.conflict, message);
  }
  static invalid(message: string) {
    return new MediaError(MEDIA_ERROR_CODE.invalid, message);
  }
  static serverUnavailable() {
    return new MediaError(
      MEDIA_ERROR_CODE.serverUnavailable,
      'The central media server could not be reached',
    );
  }
  static diskFull(message: string) {
    return new MediaError(MEDIA_ERROR_CODE.diskFull, message);
  }
  static serverRefused(upstreamStatus: number, reason: string) {
    return new MediaError(
      MEDIA_ERROR_CODE.serverRefused,
      MEDIA_SERVER_TEXT.refused(reason),
      upstreamStatus,
    );
  }

  /** The media server answered this step with a 404 (the folder is not there). */
  get notOnServer(): boolean {
    return this.code === MEDIA_ERROR_CODE.serverRefused && this.upstreamStatus === 404;
  }
}
