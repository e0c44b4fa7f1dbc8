import { Controller, Get, Headers, HttpCode, Ip, Post, Req, Res } from '@nestjs/common';
import {
  type LoginResult,
  SSO_API,
  SSO_BROWSER_COOKIE,
  SSO_FLOW_TTL_SECONDS,
  type SsoCallbackQuery,
  ssoCallbackQuerySchema,
  type SsoCompleteRequest,
  ssoCompleteRequestSchema,
  type SsoStatus,
} from '@store-cloud/contracts';
import type { CookieOptions, Request, Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { ConfigService } from '../../config/config.service';
import { type SsoRedirect, SsoService } from './sso.service';

/** The cookie's value in the request, if any (express parses no cookies here). */
function browserKeyOf(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SSO_BROWSER_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Single sign-on (docs/security.md "Single sign-on"): every step is public, as a login is. */
@Controller()
export class SsoController {
  constructor(
    private readonly sso: SsoService,
    private readonly config: ConfigService,
  ) {}

  private cookie(): CookieOptions {
    return {
      httpOnly: true,
      // Lax: the provider's redirect back (a top-level GET) carries it, other sites' posts do not.
      sameSite: 'lax',
      secure: this.config.get('https'),
      path: SSO_API.status,
    };
  }

  /** A redirect with no body (the OpenAPI document says none), never cached. */
  private redirect(res: Response, { location, browserKey }: SsoRedirect) {
    if (browserKey) {
      res.cookie(SSO_BROWSER_COOKIE, browserKey, {
        ...this.cookie(),
        maxAge: SSO_FLOW_TTL_SECONDS * 1000,
      });
    }
    res.setHeader('Cache-Control', 'no-store');
    res.status(302).location(location).end();
  }

  @Public()
  @Get(SSO_API.status)
  status(): SsoStatus {
    return this.sso.status();
  }

  @Public()
  @Get(SSO_API.start)
  async start(@Res() res: Response): Promise<void> {
    this.redirect(res, await this.sso.start());
  }

  @Public()
  @Get(SSO_API.callback)
  async callback(
    @ValidQuery(ssoCallbackQuerySchema) query: SsoCallbackQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    this.redirect(res, await this.sso.callback(query, browserKeyOf(req)));
  }

  @Public()
  @Post(SSO_API.complete)
  @HttpCode(200)
  async complete(
    @ValidBody(ssoCompleteRequestSchema) body: SsoCompleteRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Ip() address: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<LoginResult> {
    const result = await this.sso.complete(body.code, browserKeyOf(req), { address, userAgent });
    res.clearCookie(SSO_BROWSER_COOKIE, this.cookie());
    return result;
  }
}
