import { canUse, type MenuEntry, type Principal } from '@store-cloud/contracts';
import { ForbiddenError } from '../errors/domain.error';

/** Refuses (403) a user whose type and applications do not give them this screen (spec §6). */
export function requireUse(entry: MenuEntry, user: Principal, message?: string): void {
  if (!canUse(entry, user)) throw new ForbiddenError(message);
}
