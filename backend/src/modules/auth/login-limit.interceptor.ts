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
import { MfaTokenService } from './mfa-token.service';

const isWrongPassword = (error: unknown) =>
  error instanceof HttpError && error.code === ERROR_CODE.invalidCredentials;

/** A password that was right but leaves a second factor to give: the login is not done. */
const isHalfWay = (result: unknown) =>
  (result as { mfaRequired?: unknown } | null)?.mfaRequired === true;

/**
 * POST /login (and its second steps) within LOGIN_LIMITS: an attempt over a limit is answered
 * 429 with Retry-After before its password or code is checked; afterwards only a wrong name,
 * password or code stays counted. A second step counts under the name its mfaToken carries, and
 * only a completed login clears the failures: a right password alone does not, so re-entering it
 * gives a code guesser no new attempts (issue 27).
 */
@Injectable()
export class LoginLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly limits: LoginLimits,
    private readonly mfaTokens: MfaTokenService,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const body = req.body as { username?: unknown; mfaToken?: unknown } | undefined;
    const name =
      body?.username !== undefined
        ? body.username
        : (await this.mfaTokens.peek(body?.mfaToken))?.username;
    const attempt: LoginAttempt = { name: loginLimitName(name), address: req.ip ?? '' };
    const wait = await this.limits.begin(attempt);
    if (wait > 0) {
      http.getResponse<Response>().setHeader('Retry-After', String(Math.ceil(wait / 1000)));
      throw errorOfStatus(429);
    }
    return next.handle().pipe(
      mergeMap(async (result: unknown) => {
        if (isHalfWay(result)) await this.limits.uncounted(attempt);
        else await this.limits.succeeded(attempt);
        return result;
      }),
      catchError(async (error: unknown) => {
        if (!isWrongPassword(error)) await this.limits.uncounted(attempt);
        throw error;
      }),
    );
  }
}
