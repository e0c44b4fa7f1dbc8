import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { API_TOKENS_TEXT, type MenuEntry } from '@store-cloud/contracts';
import { ForbiddenError, UnauthenticatedError } from '@store-cloud/node-kit';
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

/** Registered as APP_GUARD after JwtAuthGuard: enforces @RequireEntry. */
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
        throw new ForbiddenError(API_TOKENS_TEXT.outOfScope);
      }
    }
    if (!required) return true;
    if (!user) throw new UnauthenticatedError();
    requireUse(required.entry, user, required.message);
    return true;
  }
}
