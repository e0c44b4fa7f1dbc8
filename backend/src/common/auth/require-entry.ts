import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { API_TOKENS_TEXT, type MenuEntry, type UserTypeName } from '@store-cloud/contracts';
import { AccessError } from './access.errors';
import type { AuthenticatedUser } from './authenticated-user';
import { requireUse } from './require-use';

const REQUIRED_ENTRY_KEY = 'requiredEntry';

interface RequiredEntry {
  entry: MenuEntry;
  /** The 403's message where the spec or the screen words one. */
  message?: string;
}

/**
 * The one way a route (or a whole controller) says who may call it: a user who may use this
 * screen (canUse, spec §6). EntryGuard, registered globally after the JWT guard, refuses the rest.
 */
export const RequireEntry = (entry: MenuEntry, message?: string) =>
  SetMetadata(REQUIRED_ENTRY_KEY, { entry, message } satisfies RequiredEntry);

const REQUIRED_USER_TYPE_KEY = 'requiredUserType';

interface RequiredUserType {
  /** The contracts' rule for the caller's user type (e.g. canDeleteUsers). */
  allows: (usertype: UserTypeName) => boolean;
  message: string;
}

/**
 * A route that only some user types may call, beyond its screen (e.g. deleting users): the
 * contracts' rule decides; EntryGuard refuses the rest with 403 and this message.
 */
export const RequireUserType = (allows: RequiredUserType['allows'], message: string) =>
  SetMetadata(REQUIRED_USER_TYPE_KEY, { allows, message } satisfies RequiredUserType);

/** Registered as APP_GUARD after JwtAuthGuard: enforces @RequireEntry and @RequireUserType. */
@Injectable()
export class EntryGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<RequiredEntry | undefined>(
      REQUIRED_ENTRY_KEY,
      [context.getHandler(), context.getClass()],
    );
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    // An API token reaches only routes that name a screen among its scopes (issue 27): never
    // one without an entry (the profile, sessions, second factors, tokens themselves).
    if (user?.apiToken) {
      const scopes: readonly string[] = user.apiToken.scopes;
      if (!required || !scopes.includes(required.entry)) {
        throw AccessError.forbidden(API_TOKENS_TEXT.outOfScope);
      }
    }
    const userType = this.reflector.getAllAndOverride<RequiredUserType | undefined>(
      REQUIRED_USER_TYPE_KEY,
      [context.getHandler(), context.getClass()],
    );
    if (!required && !userType) return true;
    if (!user) throw AccessError.unauthenticated();
    if (required) requireUse(required.entry, user, required.message);
    if (userType && !userType.allows(user.usertype)) throw AccessError.forbidden(userType.message);
    return true;
  }
}
