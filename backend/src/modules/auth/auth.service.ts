import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  type LoginRequest,
  type LoginResult,
  SSO_TEXT,
  type TokenPayload,
  type User,
} from '@store-cloud/contracts';
import { randomBytes } from 'node:crypto';
import { SessionsService } from '../sessions';
import { PasswordHasher, UserMfaRepository, UsersRepository } from '../users';
import { ConfigService } from '../../config/config.service';
import { MfaTokenService } from './mfa-token.service';
import { SsoIdentitiesRepository } from '../sso-identities';
import { AuthError } from './auth.errors';

/** Where a login came from, kept on its session for the user's session list. */
export interface ClientInfo {
  address?: string;
  userAgent?: string;
}

@Injectable()
export class AuthService implements OnModuleInit {
  /** Compared against for unknown users, so the answer takes as long as for a wrong password. */
  private dummyHash = '';

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly sessions: SessionsService,
    private readonly mfa: UserMfaRepository,
    private readonly mfaTokens: MfaTokenService,
    private readonly config: ConfigService,
    private readonly ssoIdentities: SsoIdentitiesRepository,
  ) {}

  /** SSO is on, password logins of its users are not, and the user is one of them. */
  private async ssoOnly(userId: string): Promise<boolean> {
    const oidc = this.config.get('oidc');
    return !!oidc && !oidc.passwordLogin && (await this.ssoIdentities.isLinked(userId));
  }

  async onModuleInit() {
    this.dummyHash = await this.hasher.hash(randomBytes(16).toString('hex'));
  }

  /** `client`: where the login came from, kept on its session for the user's session list. */
  async login({ username, password }: LoginRequest, client: ClientInfo = {}): Promise<LoginResult> {
    const found = await this.users.findCredentials(username);
    const matches = await this.hasher.compare(password, found?.passwordHash ?? this.dummyHash);
    if (!found || !matches) throw AuthError.invalidCredentials();
    // Single sign-on users sign in at their provider, unless OIDC_PASSWORD_LOGIN lets them in.
    if (await this.ssoOnly(found.user.id))
      throw AuthError.unauthenticated(SSO_TEXT.passwordLoginOff);
    // A disabled account learns it is disabled, but gets nothing to call with.
    if (!found.user.enabled) return { success: true, enabled: false };
    // A second factor: no token yet, but an mfaToken to complete the login with (issue 27).
    const mfaMethods = await this.mfa.methods(found.user.id);
    if (mfaMethods.length) {
      return {
        success: true,
        enabled: true,
        mfaRequired: true,
        mfaToken: await this.mfaTokens.sign(found.user),
        mfaMethods,
      };
    }
    return this.completeLogin(found.user, client);
  }

  /**
   * The one way a login ends with an access token (password, second factor, passkey, single
   * sign-on): a new session and the usual login answer. A user whose type MFA_REQUIRED_ROLES
   * names and who has no second factor gets an enrolment-only token (mfaEnrolmentRequired),
   * unless `mfaPolicy` is false (single sign-on: the identity provider enforces its own).
   */
  async completeLogin(
    user: User,
    client: ClientInfo = {},
    { mfaPolicy = true }: { mfaPolicy?: boolean } = {},
  ): Promise<LoginResult> {
    if (!user.enabled) return { success: true, enabled: false };
    const mustEnrol =
      mfaPolicy &&
      this.config.get('mfaRequiredRoles').includes(user.usertype) &&
      !(await this.mfa.methods(user.id)).length;
    const token = await this.sign(user, client, mustEnrol);
    return mustEnrol
      ? { success: true, enabled: true, token, mfaEnrolmentRequired: true }
      : { success: true, enabled: true, token };
  }

  /** A token naming a new session, recorded once the token's expiry is known. */
  private async sign(user: User, client: ClientInfo, mfaEnrolment: boolean): Promise<string> {
    const { sid, gen } = await this.sessions.prepare(user.id);
    const payload: Omit<TokenPayload, 'exp' | 'iat'> = {
      sub: user.id,
      name: user.username,
      usertype: user.usertype,
      all: user.access.all,
      enabled: user.enabled,
      applications: user.applications,
      sid,
      gen,
      ...(mfaEnrolment ? { mfaEnrolment: true as const } : {}),
    };
    const token = await this.jwt.signAsync(payload);
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    await this.sessions.open(
      { sid, sub: user.id, gen },
      { ...client, expiresAt: new Date(exp * 1000) },
    );
    return token;
  }
}
