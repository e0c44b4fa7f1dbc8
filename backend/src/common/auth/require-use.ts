import { canUse, type MenuEntry, type Principal } from '@store-cloud/contracts';
import { AccessError } from './access.errors';

/**
 * Refuses (403) a user whose type and applications do not give them this screen (spec §6).
 * Routes declare it with @RequireEntry; call this directly only where the screen depends on
 * the request's content (the relay's messenger calls, system backup's key-or-token guard).
 */
export function requireUse(
  entry: MenuEntry,
  user: Principal | null | undefined,
  message?: string,
): asserts user is Principal {
  if (!user || !canUse(entry, user)) throw AccessError.forbidden(message);
}
