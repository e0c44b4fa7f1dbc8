import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { isAdminType } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { UserAdminForbiddenError } from './users.errors';

/** Only SUPPORT-ADMIN, ADMIN and SUPER-ADMIN reach the user administration (spec §6). */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user || !isAdminType(user.usertype)) {
      throw new UserAdminForbiddenError('Only administrators may manage users');
    }
    return true;
  }
}
