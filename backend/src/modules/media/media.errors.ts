import {
  ConflictError,
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
