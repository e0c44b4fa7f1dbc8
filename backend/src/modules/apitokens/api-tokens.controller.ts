import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  API_TOKEN_API,
  type ApiToken,
  apiTokenIdParamsSchema,
  createApiTokenSchema,
  type CreatedApiToken,
  type Success,
  toExpressPath,
  apiTokenListSchema,
  createdApiTokenSchema,
  successSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidParams } from '../../common/pipes/valid-params';
import { ApiTokensService } from './api-tokens.service';
import { ApiDoc } from '../../common/openapi/api-doc.decorator';

/** The API tokens screen (issue 27): ADMIN and SUPER-ADMIN; never reachable with a token. */
@RequireEntry('apiTokens')
@Controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @ApiDoc({
    tag: 'auth',
    summary: "API tokens: a SUPER-ADMIN's all, an ADMIN's own",
    security: ['accessToken'],
    answers: [{ status: 200, description: 'The tokens, newest first', schema: apiTokenListSchema }],
  })
  @Get(API_TOKEN_API.list)
  list(@CurrentUser() user: AuthenticatedUser): Promise<ApiToken[]> {
    return this.tokens.list(user);
  }

  @ApiDoc({
    tag: 'auth',
    summary: 'Create an API token; the answer is the only time the token is shown',
    security: ['accessToken'],
    answers: [{ status: 201, description: 'The token, once', schema: createdApiTokenSchema }],
  })
  @Post(API_TOKEN_API.list)
  @HttpCode(201)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(createApiTokenSchema) body: z.output<typeof createApiTokenSchema>,
  ): Promise<CreatedApiToken> {
    return this.tokens.create(user, body);
  }

  @ApiDoc({
    tag: 'auth',
    summary: 'Revoke an API token: refused at once on every node',
    security: ['accessToken'],
    answers: [{ status: 200, description: 'Revoked', schema: successSchema }],
    errors: [404],
  })
  @Delete(toExpressPath(API_TOKEN_API.revoke))
  revoke(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(apiTokenIdParamsSchema) { id }: z.output<typeof apiTokenIdParamsSchema>,
  ): Promise<Success> {
    return this.tokens.revoke(user, id);
  }
}
