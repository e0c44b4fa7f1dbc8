import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHmac } from 'node:crypto';
import { hmacKey } from '../../common/auth/hmac-key';
import { ConfigService } from '../../config/config.service';
import { SiteError } from './sites.errors';

/** What a site token says: who, for which store, and which connection it belongs to. */
export interface SiteTokenClaims {
  /** The user's id and name. */
  sub: string;
  user: string;
  company: number;
  store: number;
  cid: string;
  /** The portal session it was issued to and the user's token generation then (issue 23). */
  sid: string;
  gen: number;
}

const AUDIENCE = 'site';
const ISSUER = 'store-cloud';

/**
 * Signs and checks site tokens (DESIGN §2.3). The key is derived from JWT_SECRET for this use
 * only and the audience is 'site': a portal access token is never accepted as a site token, nor
 * a site token as an access token.
 */
@Injectable()
export class SiteTokenService {
  private readonly jwt: JwtService;
  private readonly expiresIn: string | number;

  constructor(config: ConfigService) {
    const secret = createHmac('sha256', config.get('jwtSecret')).update('site-token').digest('hex');
    this.expiresIn = config.get('siteTokenExpiresIn');
    this.jwt = new JwtService({ secret: hmacKey(secret) });
  }

  async sign(claims: SiteTokenClaims): Promise<{ token: string; expires: string }> {
    const token = await this.jwt.signAsync(claims, {
      algorithm: 'HS256',
      audience: AUDIENCE,
      issuer: ISSUER,
      expiresIn: this.expiresIn as number,
    });
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    return { token, expires: new Date(exp * 1000).toISOString() };
  }

  /** The token's claims; an expired token is SITE_CONNECTION_CLOSED (/timeout), any other 401. */
  async verify(token: string): Promise<SiteTokenClaims & { exp: number }> {
    try {
      return await this.jwt.verifyAsync(token, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
      });
    } catch (error) {
      if ((error as Error).name === 'TokenExpiredError') throw SiteError.connectionClosed();
      throw SiteError.unauthenticated('Invalid site token');
    }
  }
}
