import { Controller, Get, Put } from '@nestjs/common';
import {
  ALERT_SUBSCRIPTIONS_API,
  type AlertSubscriptions,
  alertSubscriptionsSchema,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody } from '../../common/pipes/valid-params';
import { AlertSubscriptionsService } from './subscriptions.service';
import { ApiDoc } from '../../common/openapi/api-doc.decorator';

/** /portal/alertsubscriptions (issue 26): the caller's own follows and mutes. */
@Controller()
@RequireEntry('alerts')
export class AlertSubscriptionsController {
  constructor(private readonly subscriptions: AlertSubscriptionsService) {}

  @ApiDoc({
    tag: 'alerts',
    summary: 'Your own follows and mutes of companies and stores',
    answers: [{ status: 200, description: 'Follows and mutes', schema: alertSubscriptionsSchema }],
    errors: [403],
  })
  @Get(ALERT_SUBSCRIPTIONS_API.mine)
  mine(@CurrentUser() user: AuthenticatedUser): Promise<AlertSubscriptions> {
    return this.subscriptions.mine(user);
  }

  @RequireAccess('body', alertSubscriptionsSchema, {
    company: (b) => [...new Set([...b.follows, ...b.mutes].map((e) => e.companyId))],
  })
  @ApiDoc({
    tag: 'alerts',
    summary: 'Replace your own follows and mutes',
    answers: [{ status: 200, description: 'Follows and mutes', schema: alertSubscriptionsSchema }],
    errors: [403],
  })
  @Put(ALERT_SUBSCRIPTIONS_API.mine)
  replace(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(alertSubscriptionsSchema) body: AlertSubscriptions,
  ): Promise<AlertSubscriptions> {
    return this.subscriptions.replace(user, body);
  }
}
