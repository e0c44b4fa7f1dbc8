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
  ssoStatusSchema,
  loginResultSchema,
} from '@store-cloud/contracts';
import type { CookieOptions, Request, Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { ConfigService } from '../../config/config.service';
import { type SsoRedirect, SsoService } from './sso.service';
import { ApiDoc } from '../../common/openapi/api-doc.decorator';

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
  @ApiDoc({
    tag: 'auth',
    summary: 'Whether single sign-on is configured, and the name of its button',
    answers: [{ status: 200, description: 'On or off', schema: ssoStatusSchema }],
  })
  @Get(SSO_API.status)
  status(): SsoStatus {
    return this.sso.status();
  }

  @Public()
  @ApiDoc({
    tag: 'auth',
    summary: "Start a single sign-on: a redirect to the identity provider's sign-in",
    description:
      'Records the flow (state, nonce, PKCE verifier) in the database and ties it to the browser ' +
      'with a cookie. When it cannot start, the redirect goes to the portal with error.',
    answers: [{ status: 302, description: 'To the provider, or to the portal with error' }],
  })
  @Get(SSO_API.start)
  async start(@Res() res: Response): Promise<void> {
    this.redirect(res, await this.sso.start());
  }

  @Public()
  @ApiDoc({
    tag: 'auth',
    summary: 'Where the identity provider sends the browser back',
    description:
      'Exchanges the code (PKCE), verifies the ID token, maps the groups claim (OIDC_ROLE_MAP), ' +
      'creates or updates the user, and redirects to the portal with a one-time code, or error.',
    answers: [{ status: 302, description: 'To the portal with code or error' }],
  })
  @Get(SSO_API.callback)
  async callback(
    @ValidQuery(ssoCallbackQuerySchema) query: SsoCallbackQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    this.redirect(res, await this.sso.callback(query, browserKeyOf(req)));
  }

  @Public()
  @ApiDoc({
    tag: 'auth',
    summary: "Exchange the callback's one-time code for the usual login answer",
    answers: [
      { status: 200, description: 'The access token, as a login', schema: loginResultSchema },
    ],
    // 401: an unknown, used or expired code, or another browser's; 404: SSO is not configured.
    errors: [401, 404],
  })
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
