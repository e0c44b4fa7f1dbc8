import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  API_TOKEN_API,
  type ApiToken,
  apiTokenIdParamsSchema,
  createApiTokenSchema,
  type CreatedApiToken,
  type Success,
  toExpressPath,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidParams } from '../../common/pipes/valid-params';
import { ApiTokensService } from './api-tokens.service';

/** The API tokens screen (issue 27): ADMIN and SUPER-ADMIN; never reachable with a token. */
@RequireEntry('apiTokens')
@Controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get(API_TOKEN_API.list)
  list(@CurrentUser() user: AuthenticatedUser): Promise<ApiToken[]> {
    return this.tokens.list(user);
  }

  @Post(API_TOKEN_API.list)
  @HttpCode(201)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(createApiTokenSchema) body: z.output<typeof createApiTokenSchema>,
  ): Promise<CreatedApiToken> {
    return this.tokens.create(user, body);
  }

  @Delete(toExpressPath(API_TOKEN_API.revoke))
  revoke(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(apiTokenIdParamsSchema) { id }: z.output<typeof apiTokenIdParamsSchema>,
  ): Promise<Success> {
    return this.tokens.revoke(user, id);
  }
}
