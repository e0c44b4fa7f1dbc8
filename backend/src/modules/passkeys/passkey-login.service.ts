import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  type LoginResult,
  PASSKEY_TEXT,
  type PasskeyLoginOptions,
  type PasskeyLoginOptionsRequest,
  type PasskeyLoginRequest,
} from '@store-cloud/contracts';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit';
import { AuthService, type ClientInfo, MfaTokenService } from '../auth';
import { UsersRepository } from '../users';
import { PasskeysRepository } from './passkeys.repository';
import { userHandleOf, WebauthnCeremonies } from './webauthn-ceremonies';
import { PasskeyError } from './passkeys.errors';

/**
 * Signing in with a passkey (issue 27 point 2): alone (a discoverable credential names its
 * user; user verification required), or as the second factor of a password login (its
 * mfaToken; only that user's passkeys). Both end in AuthService.completeLogin, the one way a
 * login gets its token.
 */
@Injectable()
export class PasskeyLoginService {
  constructor(
    private readonly passkeys: PasskeysRepository,
    private readonly ceremonies: WebauthnCeremonies,
    private readonly mfaTokens: MfaTokenService,
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async options({ mfaToken }: PasskeyLoginOptionsRequest): Promise<PasskeyLoginOptions> {
    if (mfaToken === undefined) return this.ceremonies.loginOptions('login', null, []);
    const subject = await this.mfaTokens.verify(mfaToken);
    const own = await this.passkeys.listOf(subject.userId);
    if (!own.length) throw PasskeyError.conflict(PASSKEY_TEXT.noPasskey);
    return this.ceremonies.loginOptions('mfa', subject.userId, own);
  }

  async login(
    { mfaToken, response }: PasskeyLoginRequest,
    client: ClientInfo,
  ): Promise<LoginResult> {
    const subject = mfaToken === undefined ? undefined : await this.mfaTokens.verify(mfaToken);
    const passkey = await this.passkeys.findByCredentialId(response.id);
    // Someone else's passkey, or one whose authenticator names another user: refused alike.
    if (
      !passkey ||
      (subject && passkey.userId !== subject.userId) ||
      (response.response.userHandle !== undefined &&
        response.response.userHandle !==
          Buffer.from(userHandleOf(passkey.userId)).toString('base64url'))
    ) {
      throw PasskeyError.signInFailed();
    }
    const user = await this.users.findById(passkey.userId);
    if (!user) throw PasskeyError.signInFailed();
    const actor = { id: user.id, username: user.username };
    const audited = { targetType: 'user' as const, target: user.username };
    const mode = subject ? 'secondFactor' : 'passkeyAlone';
    let used: { counter: number; backedUp: boolean };
    try {
      used = await this.ceremonies.verifyLogin(
        subject ? 'mfa' : 'login',
        subject?.userId ?? null,
        response,
        passkey,
      );
      // The counter moves from the value checked: a second answer racing this one is refused.
      const counted = await this.passkeys.recordUse(passkey.id, {
        seenCounter: passkey.counter,
        ...used,
        at: this.clock.now(),
      });
      if (!counted) throw PasskeyError.signInFailed();
    } catch (error) {
      await this.audit.record(actor, {
        action: AUDIT_ACTION.passkeySignInFailed,
        ...audited,
        details: { passkeyName: passkey.name, mode },
      });
      throw error;
    }
    await this.audit.record(actor, {
      action: AUDIT_ACTION.passkeySignIn,
      ...audited,
      details: { passkeyName: passkey.name, mode },
    });
    return this.auth.completeLogin(user, client);
  }
}
