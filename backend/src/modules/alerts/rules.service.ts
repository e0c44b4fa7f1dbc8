import { Injectable } from '@nestjs/common';
import {
  ALERT_ERROR,
  ALERT_NOTICE,
  AUDIT_ACTION,
  type AlertRule,
  type AlertRuleValues,
  type AlertTestResult,
  type Success,
} from '@store-cloud/contracts';
import { companyScope, requireCompanyAccess } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit';
import { NotificationsService } from '../notifications';
import { AlertRulesRepository } from './rules.repository';
import { AlertError } from './alerts.errors';

/** Rules CRUD (issue 26 item 2): administrators, within their companies; each change audited. */
@Injectable()
export class AlertRulesService {
  constructor(
    private readonly rules: AlertRulesRepository,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  list(user: AuthenticatedUser, companyId?: number): Promise<AlertRule[]> {
    const scope = companyScope(user);
    const companies =
      companyId === undefined ? scope : scope && !scope.includes(companyId) ? [] : [companyId];
    return this.rules.list(companies);
  }

  async create(user: AuthenticatedUser, values: AlertRuleValues): Promise<AlertRule> {
    const rule = await this.rules.create(values);
    await this.audit.record(user, {
      action: AUDIT_ACTION.alertRuleCreate,
      targetType: 'alertRule',
      target: rule.id,
      companies: [rule.companyId],
      after: values,
    });
    return rule;
  }

  async update(user: AuthenticatedUser, id: string, values: AlertRuleValues): Promise<AlertRule> {
    const before = await this.owned(user, id);
    const rule = await this.rules.update(id, values);
    if (!rule) throw AlertError.notFound(ALERT_ERROR.ruleNotFound);
    await this.audit.record(user, {
      action: AUDIT_ACTION.alertRuleUpdate,
      targetType: 'alertRule',
      target: id,
      companies: [...new Set([before.companyId, rule.companyId])],
      before: fieldsOf(before),
      after: fieldsOf(rule),
    });
    return rule;
  }

  async remove(user: AuthenticatedUser, id: string): Promise<Success> {
    const before = await this.owned(user, id);
    if (!(await this.rules.remove(id))) throw AlertError.notFound(ALERT_ERROR.ruleNotFound);
    await this.audit.record(user, {
      action: AUDIT_ACTION.alertRuleDelete,
      targetType: 'alertRule',
      target: id,
      companies: [before.companyId],
      before: fieldsOf(before),
    });
    return { success: true };
  }

  /** A test notification to the rule's recipients, now (quiet hours do not hold a test). */
  async test(user: AuthenticatedUser, id: string): Promise<AlertTestResult> {
    const rule = await this.owned(user, id);
    const { emails, webhookIds } = rule.recipients;
    const queued = emails.length + webhookIds.length;
    if (!queued) throw AlertError.invalid(ALERT_ERROR.noRecipients);
    // Each press is its own test: the time makes the key new.
    const at = this.clock.now().toISOString();
    await this.notifications.enqueue({
      key: `test:${rule.id}:${at}`,
      companyId: rule.companyId,
      event: 'test',
      kind: 'test',
      subject: ALERT_NOTICE.testSubject(rule.name),
      text: ALERT_NOTICE.testText(rule.name),
      portalPath: '/alertrules',
      data: { ruleId: rule.id, ruleName: rule.name, at },
      emails,
      webhookIds,
    });
    await this.audit.record(user, {
      action: AUDIT_ACTION.alertRuleTest,
      targetType: 'alertRule',
      target: rule.id,
      companies: [rule.companyId],
      details: { queued },
    });
    return { queued };
  }

  /** The rule, refused (403) when its company lies outside the caller's scope. */
  private async owned(user: AuthenticatedUser, id: string): Promise<AlertRule> {
    const rule = await this.rules.get(id);
    if (!rule) throw AlertError.notFound(ALERT_ERROR.ruleNotFound);
    requireCompanyAccess(user, [rule.companyId]);
    return rule;
  }
}

const fieldsOf = ({ id: _id, createdAt: _c, updatedAt: _u, ...fields }: AlertRule) => fields;
