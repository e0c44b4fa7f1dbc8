import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { ERROR_CODE } from '@store-cloud/contracts';
import { errorOfStatus, HttpError } from '@store-cloud/node-kit';
import type { Request, Response } from 'express';
import { catchError, mergeMap, type Observable } from 'rxjs';
import { type LoginAttempt, LoginLimits, loginLimitName } from './login-limits';

const isWrongPassword = (error: unknown) =>
  error instanceof HttpError && error.code === ERROR_CODE.invalidCredentials;

/**
 * POST /login within LOGIN_LIMITS: an attempt over a limit is answered 429 with Retry-After
 * before its password is checked; afterwards only a wrong name or password stays counted.
 */
@Injectable()
export class LoginLimitInterceptor implements NestInterceptor {
  constructor(private readonly limits: LoginLimits) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const attempt: LoginAttempt = {
      name: loginLimitName((req.body as { username?: unknown } | undefined)?.username),
      address: req.ip ?? '',
    };
    const wait = await this.limits.begin(attempt);
    if (wait > 0) {
      http.getResponse<Response>().setHeader('Retry-After', String(Math.ceil(wait / 1000)));
      throw errorOfStatus(429);
    }
    return next.handle().pipe(
      mergeMap(async (result: unknown) => {
        await this.limits.succeeded(attempt);
        return result;
      }),
      catchError(async (error: unknown) => {
        if (!isWrongPassword(error)) await this.limits.uncounted(attempt);
        throw error;
      }),
    );
  }
}
