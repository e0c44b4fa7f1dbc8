import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  ALERT_RULE_API,
  type AlertRule,
  alertIdParamsSchema,
  alertRuleInputSchema,
  alertRulesQuerySchema,
  type AlertTestResult,
  type Success,
  toExpressPath,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidParams, ValidQuery } from '../../common/pipes/valid-params';
import { AlertRulesService } from './rules.service';

type Id = z.output<typeof alertIdParamsSchema>;
type RuleInput = z.output<typeof alertRuleInputSchema>;

/** /portal/alertrules (issue 26): the admin types, each within its companies. */
@Controller()
@RequireEntry('alertRules')
export class AlertRulesController {
  constructor(private readonly rules: AlertRulesService) {}

  @RequireAccess('query', alertRulesQuerySchema, { company: (q) => q.companyId })
  @Get(ALERT_RULE_API.rules)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(alertRulesQuerySchema) q: z.output<typeof alertRulesQuerySchema>,
  ): Promise<AlertRule[]> {
    return this.rules.list(user, q.companyId);
  }

  @RequireAccess('body', alertRuleInputSchema, { company: (b) => b.companyId })
  @Post(ALERT_RULE_API.rules)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(alertRuleInputSchema) body: RuleInput,
  ): Promise<AlertRule> {
    return this.rules.create(user, body);
  }

  /** The rule's present company is checked by the service; the body's by the guard. */
  @RequireAccess('body', alertRuleInputSchema, { company: (b) => b.companyId })
  @Put(toExpressPath(ALERT_RULE_API.rule))
  update(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
    @ValidBody(alertRuleInputSchema) body: RuleInput,
  ): Promise<AlertRule> {
    return this.rules.update(user, id, body);
  }

  @Delete(toExpressPath(ALERT_RULE_API.rule))
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<Success> {
    return this.rules.remove(user, id);
  }

  @Post(toExpressPath(ALERT_RULE_API.test))
  @HttpCode(200)
  test(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<AlertTestResult> {
    return this.rules.test(user, id);
  }
}
