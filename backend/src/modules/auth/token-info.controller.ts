import { Controller, Get } from '@nestjs/common';
import { TOKEN_INFO_PATH, type TokenInfo, tokenInfoSchema } from '@store-cloud/contracts';
import { companyScope } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/**
 * GET /portal/tokeninfo: who the presented token belongs to, as the database says now. The media
 * server verifies tokens through this call (it holds no signing secret); the global JWT guard
 * has already loaded the user and refused invalid, expired and disabled users' tokens with 401.
 */
@Controller()
export class TokenInfoController {
  @ApiDoc({
    tag: 'auth',
    summary: 'Who the presented access token belongs to, fresh from the database',
    answers: ok(tokenInfoSchema, 'The user behind the token'),
  })
  @Get(TOKEN_INFO_PATH)
  tokenInfo(@CurrentUser() user: AuthenticatedUser): TokenInfo {
    return {
      id: user.id,
      name: user.username,
      usertype: user.usertype,
      enabled: user.enabled,
      applications: [...user.applications],
      access: {
        all: user.access.all,
        companyIds: companyScope(user) ?? [],
      },
    };
  }
}
