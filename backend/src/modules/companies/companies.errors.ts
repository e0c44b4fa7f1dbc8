import { COMPANY_REMOVAL_TEXT, ERROR_CODE } from '@store-cloud/contracts';
import { CodedError, type ErrorCode, type ErrorIssue } from '@store-cloud/node-kit';

/** The codes of the companies domain's refusals; HTTP_STATUS_BY_CODE gives each its status. */
export const COMPANY_ERROR_CODE = {
  notFound: ERROR_CODE.notFound,
  unknown: ERROR_CODE.validation,
  removalForbidden: ERROR_CODE.forbidden,
  /** 409: the removal hides configuration; issues name each company (path: its id) and what. */
  removalNeedsConfirmation: ERROR_CODE.confirmationRequired,
} as const satisfies Record<string, ErrorCode>;
export type CompanyErrorCode = (typeof COMPANY_ERROR_CODE)[keyof typeof COMPANY_ERROR_CODE];

/** Every refusal of the companies domain. */
export class CompanyError extends CodedError {
  constructor(code: CompanyErrorCode, message: string, issues?: ErrorIssue[]) {
    super(code, message, issues);
  }

  static notFound(companyId: number) {
    return new CompanyError(
      COMPANY_ERROR_CODE.notFound,
      `Company ${companyId} is not connected to the platform`,
    );
  }
  static unknown(companyIds: number[]) {
    return new CompanyError(
      COMPANY_ERROR_CODE.unknown,
      `Unknown or unavailable companies: ${companyIds.join(', ')}`,
    );
  }
  static removalForbidden() {
    return new CompanyError(
      COMPANY_ERROR_CODE.removalForbidden,
      'Your user type may not remove companies from the platform',
    );
  }
  static removalNeedsConfirmation(issues: ErrorIssue[]) {
    return new CompanyError(
      COMPANY_ERROR_CODE.removalNeedsConfirmation,
      `${COMPANY_REMOVAL_TEXT.confirmNeeded} ${issues.map((i) => i.message).join('; ')}`,
      issues,
    );
  }
}
