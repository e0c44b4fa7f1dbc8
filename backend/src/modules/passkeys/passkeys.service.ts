import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  type Passkey,
  PASSKEY_MAX_PER_USER,
  PASSKEY_TEXT,
  type PasskeyRegistrationOptions,
  type RegisterPasskey,
  type Success,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit';
import { UserMfaRepository } from '../users';
import { type PasskeyRecord, PasskeysRepository } from './passkeys.repository';
import { WebauthnCeremonies } from './webauthn-ceremonies';
import { PasskeyError } from './passkeys.errors';

/** A passkey as its owner sees it. */
export const toPasskey = (p: PasskeyRecord): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt ? p.lastUsedAt.toISOString() : null,
  backedUp: p.backedUp,
});

/**
 * A signed-in user's own passkeys (issue 27 point 2): register, list, rename, remove. The
 * user's `mfa.methods` holds 'passkey' while it has one (the seam with the second factor).
 */
@Injectable()
export class PasskeysService {
  constructor(
    private readonly passkeys: PasskeysRepository,
    private readonly ceremonies: WebauthnCeremonies,
    private readonly mfa: UserMfaRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(caller: AuthenticatedUser): Promise<Passkey[]> {
    return (await this.passkeys.listOf(caller.id)).map(toPasskey);
  }

  async registrationOptions(caller: AuthenticatedUser): Promise<PasskeyRegistrationOptions> {
    const existing = await this.passkeys.listOf(caller.id);
    if (existing.length >= PASSKEY_MAX_PER_USER) throw PasskeyError.conflict(PASSKEY_TEXT.tooMany);
    return this.ceremonies.registrationOptions(caller, existing);
  }

  async register(caller: AuthenticatedUser, { name, response }: RegisterPasskey): Promise<Passkey> {
    const credential = await this.ceremonies.verifyRegistration(caller.id, response);
    if ((await this.passkeys.countOf(caller.id)) >= PASSKEY_MAX_PER_USER) {
      throw PasskeyError.conflict(PASSKEY_TEXT.tooMany);
    }
    let created: PasskeyRecord;
    try {
      created = await this.passkeys.create({
        ...credential,
        userId: caller.id,
        name,
        createdAt: this.clock.now(),
        lastUsedAt: null,
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw PasskeyError.conflict(PASSKEY_TEXT.alreadyRegistered);
      throw error;
    }
    await this.mfa.addMethod(caller.id, 'passkey');
    await this.audit.record(caller, {
      action: AUDIT_ACTION.passkeyRegister,
      targetType: 'user',
      target: caller.username,
      after: { passkeyName: name },
    });
    return toPasskey(created);
  }

  async rename(caller: AuthenticatedUser, id: string, name: string): Promise<Passkey> {
    const before = await this.passkeys.findOwn(id, caller.id);
    const renamed = before && (await this.passkeys.rename(id, caller.id, name));
    if (!renamed) throw PasskeyError.notFound(PASSKEY_TEXT.notFound);
    await this.audit.record(caller, {
      action: AUDIT_ACTION.passkeyRename,
      targetType: 'user',
      target: caller.username,
      before: { passkeyName: before.name },
      after: { passkeyName: renamed.name },
    });
    return toPasskey(renamed);
  }

  async remove(caller: AuthenticatedUser, id: string): Promise<Success> {
    const removed = await this.passkeys.remove(id, caller.id);
    if (!removed) throw PasskeyError.notFound(PASSKEY_TEXT.notFound);
    await this.dropMethodWhenNoneLeft(caller.id);
    await this.audit.record(caller, {
      action: AUDIT_ACTION.passkeyDelete,
      targetType: 'user',
      target: caller.username,
      before: { passkeyName: removed.name },
    });
    return { success: true };
  }

  /**
   * Removes every passkey of a user (an administrator's second factor reset, a deleted user);
   * how many there were. The caller writes its own audit entry.
   */
  async removeAllOf(userId: string): Promise<number> {
    const removed = await this.passkeys.removeAllOf(userId);
    await this.dropMethodWhenNoneLeft(userId);
    return removed;
  }

  private async dropMethodWhenNoneLeft(userId: string) {
    if ((await this.passkeys.countOf(userId)) > 0) return;
    await this.mfa.removeMethod(userId, 'passkey');
    // A registration that landed in between put 'passkey' back as it should: keep it then.
    if ((await this.passkeys.countOf(userId)) > 0) await this.mfa.addMethod(userId, 'passkey');
  }
}
