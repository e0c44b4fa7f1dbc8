import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessError } from './access.errors';
import type { AuthenticatedUser } from './authenticated-user';

const ALLOW_DURING_MFA_ENROLMENT_KEY = 'allowDuringMfaEnrolment';

/**
 * Opens a route (or a controller) to a token that may only set up a second factor
 * (MFA_REQUIRED_ROLES, issue 27): the enrolment routes and logout. Every other route answers
 * 403 MFA_ENROLMENT_REQUIRED to such a token.
 */
export const AllowDuringMfaEnrolment = () => SetMetadata(ALLOW_DURING_MFA_ENROLMENT_KEY, true);

/** Registered as APP_GUARD right after JwtAuthGuard: enforces the enrolment-only token. */
@Injectable()
export class MfaEnrolmentGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user?.mfaEnrolment) return true;
    const allowed = this.reflector.getAllAndOverride<boolean | undefined>(
      ALLOW_DURING_MFA_ENROLMENT_KEY,
      [context.getHandler(), context.getClass()],
    );
    if (!allowed) throw AccessError.mfaEnrolmentRequired();
    return true;
  }
}
