import { ERROR_CODE } from '@store-cloud/contracts';
import { CodedError, type ErrorCode } from '@store-cloud/node-kit';

/** The codes of the refusals of bulk actions; HTTP_STATUS_BY_CODE gives each its status. */
export const BULK_ACTION_ERROR_CODE = {
  invalid: ERROR_CODE.validation,
  notFound: ERROR_CODE.notFound,
  conflict: ERROR_CODE.conflict,
} as const satisfies Record<string, ErrorCode>;
export type BulkActionErrorCode =
  (typeof BULK_ACTION_ERROR_CODE)[keyof typeof BULK_ACTION_ERROR_CODE];

/** Every refusal of bulk actions and saved selections. */
export class BulkActionError extends CodedError {
  constructor(code: BulkActionErrorCode, message: string) {
    super(code, message);
  }

  static invalid(message: string) {
    return new BulkActionError(BULK_ACTION_ERROR_CODE.invalid, message);
  }

  static notFound(message: string) {
    return new BulkActionError(BULK_ACTION_ERROR_CODE.notFound, message);
  }

  static conflict(message: string) {
    return new BulkActionError(BULK_ACTION_ERROR_CODE.conflict, message);
  }
}
