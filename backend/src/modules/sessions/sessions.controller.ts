import { Controller, Delete, Get } from '@nestjs/common';
import {
  type ActiveSession,
  SESSION_API,
  sessionIdParamsSchema,
  type Success,
  toExpressPath,
  activeSessionListSchema,
  successSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ValidParams } from '../../common/pipes/valid-params';
import { SessionsService } from './sessions.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** The profile page's Active sessions: any signed-in user, for its own sessions only. */
@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @ApiDoc({
    tag: 'auth',
    summary: "The caller's own active sessions (portal logins)",
    answers: ok(activeSessionListSchema, 'The sessions, the calling one marked current'),
  })
  @Get(SESSION_API.list)
  list(@CurrentUser() user: AuthenticatedUser): Promise<ActiveSession[]> {
    return this.sessions.list(user);
  }

  @ApiDoc({
    tag: 'auth',
    summary: "End one of the caller's own sessions: its portal and site tokens stop working",
    answers: ok(successSchema),
    errors: [404],
  })
  @Delete(toExpressPath(SESSION_API.end))
  end(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(sessionIdParamsSchema) { id }: z.output<typeof sessionIdParamsSchema>,
  ): Promise<Success> {
    return this.sessions.endOwn(user, id);
  }
}
