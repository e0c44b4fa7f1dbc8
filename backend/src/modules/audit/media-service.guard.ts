import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { MEDIA_SERVICE_KEY_HEADER } from '@store-cloud/contracts';
import type { Request } from 'express';
import { sameSecret } from '../../common/auth/same-secret';
import { ConfigService } from '../../config/config.service';
import { AuditError } from './audit.errors';

/**
 * Routes only the media server may call (marked @Public so the global JWT guard lets them
 * through): the request must carry MEDIA_SERVICE_KEY, which no browser has. A user's access
 * token is no substitute.
 */
@Injectable()
export class MediaServiceGuard implements CanActivate {
  constructor(private readonly config: ConfigService) {}

  canActivate(context: ExecutionContext): boolean {
    const key = context.switchToHttp().getRequest<Request>().headers[MEDIA_SERVICE_KEY_HEADER];
    if (typeof key !== 'string' || key === '')
      throw AuditError.unauthenticated('The media server key is required');
    const expected = this.config.get('mediaServiceKey');
    // The media server keeps its reports and sends them again once the key is set here.
    if (!expected) throw AuditError.unavailable('MEDIA_SERVICE_KEY is not set on the backend');
    if (!sameSecret(key, expected))
      throw AuditError.unauthenticated('The media server key is wrong');
    return true;
  }
}
