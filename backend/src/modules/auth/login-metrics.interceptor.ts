import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { ERROR_CODE } from '@store-cloud/contracts';
import { HttpError } from '@store-cloud/node-kit';
import { catchError, type Observable, tap } from 'rxjs';
import { BACKEND_METRICS } from '../../common/metrics/backend-metrics';

/** What a login answered, as a bounded word (never the name tried). */
function resultOutcome(result: unknown): string {
  const r = result as { enabled?: unknown; mfaRequired?: unknown } | null;
  if (r?.mfaRequired === true) return 'second_factor';
  return r?.enabled === false ? 'disabled' : 'success';
}

function errorOutcome(error: unknown): string {
  if (!(error instanceof HttpError)) return 'error';
  if (error.code === ERROR_CODE.invalidCredentials) return 'invalid';
  if (error.status === 429) return 'limited';
  if (error.status === 400) return 'invalid_request';
  return 'error';
}

/** Counts POST /portallogin by outcome; outside the login limit, so its 429s count too. */
@Injectable()
export class LoginMetricsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      tap((result: unknown) => BACKEND_METRICS.logins.inc({ outcome: resultOutcome(result) })),
      catchError((error: unknown) => {
        BACKEND_METRICS.logins.inc({ outcome: errorOutcome(error) });
        throw error;
      }),
    );
  }
}
