import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  ERROR_CODE,
  LOGIN_TEXT,
  type LoginRequest,
  type LoginResult,
  type TokenPayload,
  type User,
} from '@store-cloud/contracts';
import { randomBytes } from 'node:crypto';
import { CodedError } from '@store-cloud/node-kit';
import { SessionsService } from '../sessions/sessions.service';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository } from '../users/users.repository';

export class InvalidCredentialsError extends CodedError {
  constructor() {
    super(ERROR_CODE.invalidCredentials, LOGIN_TEXT.failed);
  }
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
  ) {}

  async onModuleInit() {
    this.dummyHash = await this.hasher.hash(randomBytes(16).toString('hex'));
  }

  /** `client`: where the login came from, kept on its session for the user's session list. */
  async login(
    { username, password }: LoginRequest,
    client: { address?: string; userAgent?: string } = {},
  ): Promise<LoginResult> {
    const found = await this.users.findCredentials(username);
    const matches = await this.hasher.compare(password, found?.passwordHash ?? this.dummyHash);
    if (!found || !matches) throw new InvalidCredentialsError();
    // A disabled account learns it is disabled, but gets nothing to call with.
    if (!found.user.enabled) return { success: true, enabled: false };
    return { success: true, enabled: true, token: await this.sign(found.user, client) };
  }

  /** A token naming a new session, recorded once the token's expiry is known. */
  private async sign(
    user: User,
    client: { address?: string; userAgent?: string },
  ): Promise<string> {
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
