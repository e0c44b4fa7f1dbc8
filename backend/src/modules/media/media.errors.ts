import { ERROR_CODE, MEDIA_SERVER_TEXT } from '@store-cloud/contracts';
import {
  ConflictError,
  CodedError,
  ForbiddenError,
  NotFoundError,
  UnavailableError,
  ValidationFailedError,
} from '@store-cloud/node-kit';

/** Central media refusals; each message is the spec's text where the spec words one. */
export class MediaForbiddenError extends ForbiddenError {}
export class MediaNotFoundError extends NotFoundError {}
export class MediaConflictError extends ConflictError {}
export class MediaValidationError extends ValidationFailedError {}
export class MediaServerUnavailableError extends UnavailableError {
  constructor() {
    super('The central media server could not be reached');
  }
}

/** The media server's disk is full (its 507): passed on as 507 with its message. */
export class MediaServerDiskFullError extends CodedError {
  constructor(message: string) {
    super(ERROR_CODE.insufficientStorage, message);
  }
}

/** The media server answered a step with a refusal ({code, message}); its reason goes along. */
export class MediaServerRefusedError extends CodedError {
  constructor(
    /** The media server's own status (404: no such folder); the answer's is 502. */
    readonly upstreamStatus: number,
    reason: string,
  ) {
    super(ERROR_CODE.upstreamRefused, MEDIA_SERVER_TEXT.refused(reason));
  }
}
