import { Controller, Delete, Get } from '@nestjs/common';
import {
  type ActiveSession,
  SESSION_API,
  sessionIdParamsSchema,
  type Success,
  toExpressPath,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ValidParams } from '../../common/pipes/valid-params';
import { SessionsService } from './sessions.service';

/** The profile page's Active sessions: any signed-in user, for its own sessions only. */
@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get(SESSION_API.list)
  list(@CurrentUser() user: AuthenticatedUser): Promise<ActiveSession[]> {
    return this.sessions.list(user);
  }

  @Delete(toExpressPath(SESSION_API.end))
  end(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(sessionIdParamsSchema) { id }: z.output<typeof sessionIdParamsSchema>,
  ): Promise<Success> {
    return this.sessions.endOwn(user, id);
  }
}
