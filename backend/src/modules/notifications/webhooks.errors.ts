import { ERROR_CODE } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the refusals of webhooks; HTTP_STATUS_BY_CODE gives each its status. */
export const WEBHOOK_ERROR_CODE = {
  invalid: ERROR_CODE.validation,
  notFound: ERROR_CODE.notFound,
} as const satisfies Record<string, ErrorCode>;
export type WebhookErrorCode = (typeof WEBHOOK_ERROR_CODE)[keyof typeof WEBHOOK_ERROR_CODE];

/** Every refusal of webhooks. */
export class WebhookError extends CodedError {
  constructor(code: WebhookErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static invalid(message: string, issues?: ErrorIssue[]) {
    return new WebhookError(WEBHOOK_ERROR_CODE.invalid, message, issues);
  }

  static notFound(message: string = 'Not found') {
    return new WebhookError(WEBHOOK_ERROR_CODE.notFound, message);
  }
}
