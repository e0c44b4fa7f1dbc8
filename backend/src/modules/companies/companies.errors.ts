import { COMPANY_REMOVAL_TEXT, ERROR_CODE } from '@store-cloud/contracts';
import {
  CodedError,
  type ErrorIssue,
  ForbiddenError,
  NotFoundError,
  ValidationFailedError,
} from '@store-cloud/node-kit';

export class CompanyNotFoundError extends NotFoundError {
  constructor(companyId: number) {
    super(`Company ${companyId} is not connected to the platform`);
  }
}

export class UnknownCompaniesError extends ValidationFailedError {
  constructor(companyIds: number[]) {
    super(`Unknown or unavailable companies: ${companyIds.join(', ')}`);
  }
}

export class CompanyRemovalForbiddenError extends ForbiddenError {
  constructor() {
    super('Your user type may not remove companies from the platform');
  }
}

/** 409: the removal hides configuration; issues name each company (path: its id) and what. */
export class CompanyRemovalNeedsConfirmationError extends CodedError {
  constructor(issues: ErrorIssue[]) {
    super(
      ERROR_CODE.confirmationRequired,
      `${COMPANY_REMOVAL_TEXT.confirmNeeded} ${issues.map((i) => i.message).join('; ')}`,
      issues,
    );
  }
}
