import { type ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { API_TOKEN_PREFIX } from '@store-cloud/contracts';
import { HttpError } from '@store-cloud/node-kit';
import type { Request, Response } from 'express';
import {
  API_TOKEN_PRINCIPALS,
  type ApiTokenPrincipals,
  bearerApiToken,
} from './api-token-principals';
import { AccessError } from './access.errors';
import type { AuthenticatedUser } from './authenticated-user';
import { IS_PUBLIC_KEY } from './public.decorator';

/**
 * Registered as APP_GUARD: every route needs a valid access token unless marked @Public(). An
 * integration's API token (`Authorization: Bearer sc_…`) is taken instead of the portal's.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    @Optional()
    @Inject(API_TOKEN_PRINCIPALS)
    private readonly apiTokens?: ApiTokenPrincipals,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { user?: AuthenticatedUser }>();
    const token = bearerApiToken(request.headers.authorization, API_TOKEN_PREFIX);
    if (token && this.apiTokens) {
      const response = http.getResponse<Response>();
      request.user = await this.apiTokens.principalOf(token, {
        method: request.method,
        url: request.originalUrl ?? request.url,
        routePath: () => (request.route as { path?: string } | undefined)?.path,
        onFinish: (listener) => response.once('finish', () => listener(response.statusCode)),
      });
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown): TUser {
    if (err instanceof HttpError) throw err;
    // Anything else (database down) is not the caller's fault: let the filter answer 500.
    if (err) throw err;
    if (!user) {
      const expired = (info as { name?: string } | undefined)?.name === 'TokenExpiredError';
      throw AccessError.unauthenticated(expired ? 'Session expired' : 'Authentication required');
    }
    return user;
  }
}
