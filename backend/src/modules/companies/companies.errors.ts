import {
  ForbiddenError,
  NotFoundError,
  ValidationFailedError,
} from '../../common/errors/domain.error';

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
