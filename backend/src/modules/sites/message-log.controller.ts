import { Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { API, errorMessageSchema, logMessageSchema } from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { MessageLogRepository } from './message-log.repository';

/** The message-log service (spec §7): the portal's own log and error lines ('ERiC Portal'). */
@Controller()
export class MessageLogController {
  private readonly logger = new Logger('MessageLog');

  constructor(private readonly log: MessageLogRepository) {}

  @Post(API.log)
  @HttpCode(200)
  async addLog(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(logMessageSchema) { data }: z.output<typeof logMessageSchema>,
  ): Promise<{ success: true }> {
    this.logger.log(`${data.systemId} (${user.username}): ${data.messageDescription}`);
    await this.log.add({
      kind: 'log',
      systemId: data.systemId,
      description: data.messageDescription,
      timestamp: data.timestamp,
      user: user.username,
    });
    return { success: true };
  }

  @Post(API.error)
  @HttpCode(200)
  async addError(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(errorMessageSchema) { data }: z.output<typeof errorMessageSchema>,
  ): Promise<{ success: true }> {
    this.logger.error(`${data.systemId} (${user.username}): ${data.errorDescription}`);
    await this.log.add({
      kind: 'error',
      systemId: data.systemId,
      description: data.errorDescription,
      timestamp: data.timestamp,
      user: user.username,
    });
    return { success: true };
  }
}
