import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  MFA_TEXT,
  type LoginResult,
  type MfaLoginRequest,
  type MfaStatus,
  normaliseMfaCode,
  RECOVERY_CODE_PATTERN,
  type Success,
  TOTP_CODE_PATTERN,
  type TotpConfirmResult,
  type TotpStartResult,
  type User,
} from '@store-cloud/contracts';
import { toDataURL } from 'qrcode';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { ConfigService } from '../../config/config.service';
import { AuditService } from '../audit';
import { AuthService, type ClientInfo, MfaTokenService } from '../auth';
import { PasskeysService } from '../passkeys';
import { SiteCredentialsCipher } from '../site-credentials';
import { type StoredMfa, UserMfaRepository, UsersRepository } from '../users';
import { UsersService } from '../user-admin';
import { MfaError } from './mfa.errors';
import { CodeClaims } from './code-claims';
import { RecoveryCodes } from './recovery-codes';
import { TotpAuthenticator } from './totp-authenticator';

/** Longer than a code's whole window (three 30 s steps): the race it guards is over by then. */
const CLAIM_SECONDS = 120;

/** The TOTP secret is sealed for its user: copied to another user's record it does not open. */
const totpContext = (userId: string) => `totp:${userId}`;

const userCompanies = (u: Pick<User, 'access'>) => u.access.companies.map((c) => c.companyId);

type CodeCheck = { ok: true; recoveryCode: boolean } | { ok: false; message: string };

/** TOTP and recovery codes (issue 27 parts 1 and 3): enrolment, the login's second step, reset. */
@Injectable()
export class MfaService {
  constructor(
    private readonly mfa: UserMfaRepository,
    private readonly users: UsersRepository,
    private readonly admin: UsersService,
    private readonly totp: TotpAuthenticator,
    private readonly recovery: RecoveryCodes,
    private readonly cipher: SiteCredentialsCipher,
    private readonly mfaTokens: MfaTokenService,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly config: ConfigService,
    private readonly passkeys: PasskeysService,
    private readonly claims: CodeClaims,
  ) {}

  async status(caller: AuthenticatedUser): Promise<MfaStatus> {
    const stored = await this.stored(caller.id);
    return {
      methods: stored.methods,
      recoveryCodesLeft: stored.methods.includes('totp') ? stored.recoveryCodes.length : 0,
      required: this.required(caller),
    };
  }

  /** A new secret, kept pending (sealed) until its first code confirms it. */
  async startTotp(caller: AuthenticatedUser): Promise<TotpStartResult> {
    const stored = await this.stored(caller.id);
    if (stored.methods.includes('totp')) throw MfaError.state(MFA_TEXT.alreadyOn);
    const secret = this.totp.newSecret();
    await this.mfa.setPendingTotp(caller.id, this.cipher.encrypt(secret, totpContext(caller.id)));
    const otpauthUrl = this.totp.otpauthUrl(caller.username, secret);
    return { secret, otpauthUrl, qrCode: await toDataURL(otpauthUrl) };
  }

  async confirmTotp(caller: AuthenticatedUser, code: string): Promise<TotpConfirmResult> {
    const stored = await this.stored(caller.id);
    if (stored.methods.includes('totp')) throw MfaError.state(MFA_TEXT.alreadyOn);
    if (!stored.totpPending) throw MfaError.state(MFA_TEXT.notStarted);
    const secret = this.cipher.decrypt(stored.totpPending, totpContext(caller.id));
    const step = this.totp.matchingStep(secret, code);
    if (step === undefined) throw MfaError.wrongEnrolmentCode();
    const { codes, hashes } = this.recovery.generate(caller.id);
    // The confirming code's step counts as used: it cannot sign in a second time.
    if (!(await this.mfa.confirmTotp(caller.id, stored.totpPending, step, hashes)))
      throw MfaError.state(MFA_TEXT.notStarted);
    await this.audit.record(caller, {
      action: AUDIT_ACTION.userMfaEnrol,
      targetType: 'user',
      target: caller.username,
      companies: userCompanies(caller),
      details: { method: 'totp', recoveryCodes: codes.length },
    });
    return { recoveryCodes: codes };
  }

  /** Off with a code of the app or a recovery code; never the last factor the policy requires. */
  async disableTotp(caller: AuthenticatedUser, code: string): Promise<MfaStatus> {
    const stored = await this.stored(caller.id);
    if (!stored.methods.includes('totp')) throw MfaError.state(MFA_TEXT.notOn);
    if (this.required(caller) && stored.methods.length === 1) throw MfaError.stillRequired();
    const check = await this.checkCode(caller.id, stored, code);
    if (!check.ok) throw MfaError.wrongEnrolmentCode(check.message);
    await this.mfa.clearTotp(caller.id);
    await this.audit.record(caller, {
      action: AUDIT_ACTION.userMfaDisable,
      targetType: 'user',
      target: caller.username,
      companies: userCompanies(caller),
      details: { method: 'totp', withRecoveryCode: check.recoveryCode },
    });
    return this.status(caller);
  }

  /** POST /portallogin/mfa: the second step of a password login, then the usual login answer. */
  async login(request: MfaLoginRequest, client: ClientInfo): Promise<LoginResult> {
    const subject = await this.mfaTokens.verify(request.mfaToken);
    const user = await this.users.findById(subject.userId);
    if (!user) throw MfaError.wrongCode();
    const check = await this.checkCode(user.id, await this.stored(user.id), request.code);
    if (!check.ok) throw MfaError.wrongCode(check.message);
    if (check.recoveryCode) {
      await this.audit.record(user, {
        action: AUDIT_ACTION.userMfaRecoveryCode,
        targetType: 'user',
        target: user.username,
        companies: userCompanies(user),
        details: { left: (await this.stored(user.id)).recoveryCodes.length },
      });
    }
    return this.auth.completeLogin(user, client);
  }

  /**
   * An administrator clears a user's TOTP, recovery codes and passkeys (a lost phone): the user
   * signs in with the password alone and sets a factor up again (at once, if the policy says so).
   */
  async reset(caller: AuthenticatedUser, userId: string): Promise<Success> {
    const target = await this.admin.findManageable(caller, userId);
    const before = await this.stored(target.id);
    await this.mfa.clearTotp(target.id);
    const passkeys = await this.passkeys.removeAllOf(target.id);
    await this.audit.record(caller, {
      action: AUDIT_ACTION.userMfaReset,
      targetType: 'user',
      target: target.username,
      companies: userCompanies(target),
      before: { methods: before.methods },
      after: { methods: [] },
      details: { passkeysRemoved: passkeys },
    });
    return { success: true };
  }

  /**
   * A TOTP code (its step not used before: no replay) or an unused recovery code (spent now).
   * Each is claimed in Redis first (CodeClaims), then in the database, so two requests with one
   * code pass once.
   */
  private async checkCode(userId: string, stored: StoredMfa, typed: string): Promise<CodeCheck> {
    const code = normaliseMfaCode(typed);
    if (!stored.methods.includes('totp') || !stored.totpSecret)
      return { ok: false, message: MFA_TEXT.wrongCode };
    if (TOTP_CODE_PATTERN.test(code)) {
      const secret = this.cipher.decrypt(stored.totpSecret, totpContext(userId));
      const step = this.totp.matchingStep(secret, code);
      if (step === undefined) return { ok: false, message: MFA_TEXT.wrongCode };
      const claimed =
        (await this.claims.claim(`totp:${userId}:${step}`, CLAIM_SECONDS)) &&
        (await this.mfa.claimTotpStep(userId, step));
      if (!claimed) return { ok: false, message: MFA_TEXT.codeUsed };
      return { ok: true, recoveryCode: false };
    }
    if (RECOVERY_CODE_PATTERN.test(code)) {
      const hash = this.recovery.hash(userId, code);
      const used =
        (await this.claims.claim(`recovery:${userId}:${hash}`, CLAIM_SECONDS)) &&
        (await this.mfa.useRecoveryCode(userId, hash));
      return used ? { ok: true, recoveryCode: true } : { ok: false, message: MFA_TEXT.wrongCode };
    }
    return { ok: false, message: MFA_TEXT.wrongCode };
  }

  private async stored(userId: string): Promise<StoredMfa> {
    return (await this.mfa.find(userId)) ?? { methods: [], recoveryCodes: [] };
  }

  private required(user: Pick<User, 'usertype'>): boolean {
    return this.config.get('mfaRequiredRoles').includes(user.usertype);
  }
}
