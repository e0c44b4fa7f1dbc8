import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { HttpError, UnauthenticatedError } from '@store-cloud/node-kit';
import { IS_PUBLIC_KEY } from './public.decorator';

/** Registered as APP_GUARD: every route needs a valid access token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    return isPublic ? true : super.canActivate(context);
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown): TUser {
    if (err instanceof HttpError) throw err;
    // Anything else (database down) is not the caller's fault: let the filter answer 500.
    if (err) throw err;
    if (!user) {
      const expired = (info as { name?: string } | undefined)?.name === 'TokenExpiredError';
      throw new UnauthenticatedError(expired ? 'Session expired' : 'Authentication required');
    }
    return user;
  }
}
