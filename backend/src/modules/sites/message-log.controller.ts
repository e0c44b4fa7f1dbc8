import { Controller, HttpCode, Post } from '@nestjs/common';
import { API, errorMessageSchema, logMessageSchema } from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { MessageLogService } from './message-log.service';

/** The message-log service (spec §7): the portal's own log and error lines ('ERiC Portal'). */
@Controller()
export class MessageLogController {
  constructor(private readonly log: MessageLogService) {}

  @Post(API.log)
  @HttpCode(200)
  async addLog(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(logMessageSchema) { data }: z.output<typeof logMessageSchema>,
  ): Promise<{ success: true }> {
    const { systemId, messageDescription: description, timestamp } = data;
    await this.log.record(user, 'log', { systemId, description, timestamp });
    return { success: true };
  }

  @Post(API.error)
  @HttpCode(200)
  async addError(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(errorMessageSchema) { data }: z.output<typeof errorMessageSchema>,
  ): Promise<{ success: true }> {
    const { systemId, errorDescription: description, timestamp } = data;
    await this.log.record(user, 'error', { systemId, description, timestamp });
    return { success: true };
  }
}
