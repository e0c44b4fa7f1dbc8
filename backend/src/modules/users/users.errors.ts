import { VALIDATION } from '@store-cloud/contracts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationFailedError,
} from '@store-cloud/node-kit';

/** The user administration's refusals (spec §5, §6); the global filter maps their codes. */
export class UsernameInUseError extends ConflictError {
  constructor() {
    super(VALIDATION.usernameInUse);
  }
}

export class CurrentPasswordError extends ValidationFailedError {
  constructor() {
    super(VALIDATION.currentPasswordError, [
      { path: 'currentPassword', message: VALIDATION.currentPasswordError },
    ]);
  }
}

export class UserNotFoundError extends NotFoundError {
  constructor() {
    super('User not found');
  }
}

export class UserAdminForbiddenError extends ForbiddenError {}

export class UnknownApplicationError extends ValidationFailedError {
  constructor(names: string[]) {
    super(`Unknown applications: ${names.join(', ')}`, [
      { path: 'userdata.applications', message: `Unknown applications: ${names.join(', ')}` },
    ]);
  }
}

export class StoreNotAccessibleError extends ValidationFailedError {
  constructor() {
    super('The user has no access to this store', [
      { path: 'sitecredentials.storeId', message: 'The user has no access to this store' },
    ]);
  }
}

export class UnknownAccessError extends ValidationFailedError {
  constructor(what: string[]) {
    const message = `Access names what does not exist: ${what.slice(0, 20).join(', ')}`;
    super(message, [{ path: 'userdata.access', message }]);
  }
}
