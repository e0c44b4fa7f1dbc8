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
  alertRuleListSchema,
  alertRuleSchema,
  successSchema,
  alertTestResultSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidParams, ValidQuery } from '../../common/pipes/valid-params';
import { AlertRulesService } from './rules.service';
import { ApiDoc } from '../../common/openapi/api-doc.decorator';

type Id = z.output<typeof alertIdParamsSchema>;
type RuleInput = z.output<typeof alertRuleInputSchema>;

/** /portal/alertrules (issue 26): the admin types, each within its companies. */
@Controller()
@RequireEntry('alertRules')
export class AlertRulesController {
  constructor(private readonly rules: AlertRulesService) {}

  @RequireAccess('query', alertRulesQuerySchema, { company: (q) => q.companyId })
  @ApiDoc({
    tag: 'alerts',
    summary: 'The alert rules of the companies in your scope (or of one)',
    answers: [{ status: 200, description: 'The rules', schema: alertRuleListSchema }],
    errors: [403],
  })
  @Get(ALERT_RULE_API.rules)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(alertRulesQuerySchema) q: z.output<typeof alertRulesQuerySchema>,
  ): Promise<AlertRule[]> {
    return this.rules.list(user, q.companyId);
  }

  @RequireAccess('body', alertRuleInputSchema, { company: (b) => b.companyId })
  @ApiDoc({
    tag: 'alerts',
    summary: 'Create an alert rule for a company (administrators)',
    answers: [{ status: 201, description: 'The rule', schema: alertRuleSchema }],
    errors: [403],
  })
  @Post(ALERT_RULE_API.rules)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(alertRuleInputSchema) body: RuleInput,
  ): Promise<AlertRule> {
    return this.rules.create(user, body);
  }

  /** The rule's present company is checked by the service; the body's by the guard. */
  @RequireAccess('body', alertRuleInputSchema, { company: (b) => b.companyId })
  @ApiDoc({
    tag: 'alerts',
    summary: 'Replace an alert rule (administrators)',
    answers: [{ status: 200, description: 'The rule', schema: alertRuleSchema }],
    errors: [403, 404],
  })
  @Put(toExpressPath(ALERT_RULE_API.rule))
  update(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
    @ValidBody(alertRuleInputSchema) body: RuleInput,
  ): Promise<AlertRule> {
    return this.rules.update(user, id, body);
  }

  @ApiDoc({
    tag: 'alerts',
    summary: 'Delete an alert rule (administrators)',
    answers: [{ status: 200, description: 'Deleted', schema: successSchema }],
    errors: [403, 404],
  })
  @Delete(toExpressPath(ALERT_RULE_API.rule))
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<Success> {
    return this.rules.remove(user, id);
  }

  @ApiDoc({
    tag: 'alerts',
    summary: "Send a test notification to the rule's recipients now",
    description: 'Quiet hours do not hold a test. A rule without recipients answers 400.',
    answers: [
      { status: 200, description: 'How many sends were queued', schema: alertTestResultSchema },
    ],
    errors: [403, 404],
  })
  @Post(toExpressPath(ALERT_RULE_API.test))
  @HttpCode(200)
  test(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<AlertTestResult> {
    return this.rules.test(user, id);
  }
}
