import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { MFA_TEXT, MFA_TOKEN_TTL_SECONDS } from '@store-cloud/contracts';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { hmacKey } from '../../common/auth/hmac-key';
import { ConfigService } from '../../config/config.service';
import { UsersRepository } from '../users';
import { AuthError } from './auth.errors';

const PURPOSE = 'mfa';

const mfaTokenPayloadSchema = z.object({
  purpose: z.literal(PURPOSE),
  sub: z.string(),
  /** The user name, for the login limits of the second step (they count per name). */
  name: z.string(),
  gen: z.number().int(),
});

/** Who an mfaToken names: the user half-way through a login, and its token generation then. */
export interface MfaTokenSubject {
  userId: string;
  username: string;
  gen: number;
}

/**
 * The mfaToken of a password login that needs a second factor (issue 27): signed with a key of
 * its own (derived from JWT_SECRET), so it can never pass as an access token, nor an access
 * token as it; good for MFA_TOKEN_TTL_SECONDS and only while the user's token generation is the
 * same (a password change, reset or disable in between refuses it).
 */
@Injectable()
export class MfaTokenService {
  private readonly key;

  constructor(
    config: ConfigService,
    private readonly jwt: JwtService,
    private readonly users: UsersRepository,
  ) {
    this.key = hmacKey(
      createHmac('sha256', config.get('jwtSecret')).update('mfa-token').digest('base64'),
    );
  }

  async sign(user: { id: string; username: string }): Promise<string> {
    const gen = (await this.users.findTokenGeneration(user.id)) ?? 0;
    return this.jwt.signAsync(
      { purpose: PURPOSE, sub: user.id, name: user.username, gen },
      {
        secret: this.key as unknown as string,
        expiresIn: MFA_TOKEN_TTL_SECONDS,
        algorithm: 'HS256',
      },
    );
  }

  /** The token's signed content without checking the user (the login limits' name). */
  async peek(token: unknown): Promise<MfaTokenSubject | undefined> {
    if (typeof token !== 'string') return undefined;
    try {
      const payload = mfaTokenPayloadSchema.parse(
        await this.jwt.verifyAsync(token, {
          secret: this.key as unknown as string,
          algorithms: ['HS256'],
        }),
      );
      return { userId: payload.sub, username: payload.name, gen: payload.gen };
    } catch {
      return undefined;
    }
  }

  /** The subject of a good token whose user's token generation is unchanged, else a 401. */
  async verify(token: unknown): Promise<MfaTokenSubject> {
    const subject = await this.peek(token);
    const gen = subject && (await this.users.findTokenGeneration(subject.userId));
    if (!subject || gen !== subject.gen) throw AuthError.unauthenticated(MFA_TEXT.expired);
    return subject;
  }
}
