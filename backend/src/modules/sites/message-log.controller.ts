import { Controller, HttpCode, Post } from '@nestjs/common';
import { API, errorMessageSchema, logMessageSchema, successSchema } from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { MessageLogService } from './message-log.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** The message-log service (spec §7): the portal's own log and error lines ('ERiC Portal'). */
@Controller()
export class MessageLogController {
  constructor(private readonly log: MessageLogService) {}

  @ApiDoc({
    tag: 'sites',
    summary: 'Record a log message of a store application',
    answers: ok(successSchema),
  })
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

  @ApiDoc({
    tag: 'sites',
    summary: 'Record an error message of a store application',
    answers: ok(successSchema),
  })
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
