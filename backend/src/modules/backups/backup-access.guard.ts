import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { BACKUP_KEY_HEADER, canUse } from '@store-cloud/contracts';
import type { Request } from 'express';
import { AuthGuard } from '@nestjs/passport';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { BackupClient, sameSecret } from './backup-client';
import { BackupError } from './backups.errors';

type BackupRequest = Request & { user?: AuthenticatedUser };

/** Server backup is for a SUPER-ADMIN with the 'evoConnect Db Backup' app (spec §6). */
@Injectable()
export class BackupPermissionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<BackupRequest>().user;
    if (!user || !canUse('backup', user)) throw BackupError.forbidden();
    return true;
  }
}

/**
 * /portal/systembackup (marked @Public so the global guard lets it through) admits another
 * backup server carrying the shared backup key, or else a user with a token who may use backup.
 */
@Injectable()
export class SystemBackupGuard implements CanActivate {
  constructor(
    private readonly client: BackupClient,
    private readonly permission: BackupPermissionGuard,
  ) {}

  /** The same passport 'jwt' strategy as the global guard (a 401 when the token is bad). */
  private readonly jwt = new (AuthGuard('jwt'))();

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<BackupRequest>();
    const key = request.headers[BACKUP_KEY_HEADER];
    if (typeof key === 'string' && key !== '') {
      if (sameSecret(key, this.client.key)) return true;
      throw BackupError.forbidden();
    }
    // No key: authenticate the token as the global guard would, then check the permission.
    await this.jwt.canActivate(context);
    return this.permission.canActivate(context);
  }
}
