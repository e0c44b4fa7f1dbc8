import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { BACKUP_KEY_HEADER } from '@store-cloud/contracts';
import type { Request } from 'express';
import { AuthGuard } from '@nestjs/passport';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { requireUse } from '../../common/auth/require-use';
import { sameSecret } from '../../common/auth/same-secret';
import { BackupClient } from './backup-client';
import { BACKUP_FORBIDDEN, BackupError } from './backups.errors';

type BackupRequest = Request & { user?: AuthenticatedUser };

/**
 * /portal/systembackup (marked @Public so the global guard lets it through) admits another
 * backup server carrying the shared backup key, or else a user with a token who may use backup.
 */
@Injectable()
export class SystemBackupGuard implements CanActivate {
  constructor(private readonly client: BackupClient) {}

  /** The same passport 'jwt' strategy as the global guard (a 401 when the token is bad). */
  private readonly jwt = new (AuthGuard('jwt'))();

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<BackupRequest>();
    const key = request.headers[BACKUP_KEY_HEADER];
    if (typeof key === 'string' && key !== '') {
      if (sameSecret(key, this.client.key)) return true;
      throw BackupError.forbidden();
    }
    // No key: authenticate the token as the global guard would, then check what
    // @RequireEntry('backup') checks (the global EntryGuard ran before the user was known).
    await this.jwt.canActivate(context);
    requireUse('backup', request.user, BACKUP_FORBIDDEN);
    return true;
  }
}
