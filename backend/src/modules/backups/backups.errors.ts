import { ERROR_CODE } from '@store-cloud/contracts';
import { CodedError } from '@store-cloud/node-kit';

/** Who may not use server backup hears this (spec §6: SUPER-ADMIN with the backup app). */
export const BACKUP_FORBIDDEN = 'Server backup is not allowed for this user';

/** Every refusal of the backup domain: a code the global filter maps, a message for a person. */
export class BackupError extends CodedError {
  static forbidden() {
    return new BackupError(ERROR_CODE.forbidden, BACKUP_FORBIDDEN);
  }
  static notFound(what: string) {
    return new BackupError(ERROR_CODE.notFound, `${what} not found`);
  }
  static conflict(message: string) {
    return new BackupError(ERROR_CODE.conflict, message);
  }
  static invalid(message: string, path?: string) {
    return new BackupError(ERROR_CODE.validation, message, path ? [{ path, message }] : undefined);
  }
  static unavailable(message: string) {
    return new BackupError(ERROR_CODE.unavailable, message);
  }
}
