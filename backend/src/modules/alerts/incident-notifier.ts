import { Injectable, Logger } from '@nestjs/common';
import {
  ALERT_NOTICE,
  type AlertRule,
  type IncidentTitleFacts,
  ROUTES,
} from '@store-cloud/contracts';
import { Clock } from '../../common/clock/clock';
import { NotificationsService } from '../notifications';
import { quietUntil } from './evaluation/quiet-hours';
import { type IncidentRow, IncidentsRepository } from './incidents.repository';
import { AlertSubscriptionsRepository } from './subscriptions.repository';
import { mutedFor } from './subscriptions.service';

/** The pseudo-rule of the users who follow a company or store (no quiet hours, no grace). */
const FOLLOWERS = 'followers';
/** Incidents handled per sweep; the rest wait for the next. */
const DUE_BATCH = 200;

/** The portal page a notice links to: the Alerts screen narrowed to the incident's store. */
export const portalPathOf = (i: { companyId: number; storeId: number | null }) =>
  `${ROUTES.alerts}?companyId=${i.companyId}${i.storeId !== null ? `&storeId=${i.storeId}` : ''}`;

/**
 * Sends the notices incidents are due (issue 26): each incident carries notifyDueAt, set in the
 * same write that opened or resolved it, so a crash before the enqueue loses nothing; the
 * enqueue is idempotent per (incident:event, recipient), so a crash after it sends nothing twice.
 * Per rule: immediate rules are told once the incident is older than their grace (store-offline)
 * and their quiet hours are over; digest rules wait for the daily digest. A resolve is told to
 * those who were told of the opening.
 */
@Injectable()
export class IncidentNotifier {
  private readonly logger = new Logger(IncidentNotifier.name);

  constructor(
    private readonly incidents: IncidentsRepository,
    private readonly subscriptions: AlertSubscriptionsRepository,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  /** Every notice due now; answers how many incidents it looked at. */
  async notifyDue(rules: readonly AlertRule[]): Promise<number> {
    const now = this.clock.now();
    const due = await this.incidents.due(now, DUE_BATCH);
    if (!due.length) return 0;
    const muting = await this.subscriptions.withMutes();
    for (const incident of due) {
      try {
        await this.notifyOne(incident, rules, muting, now);
      } catch (error) {
        // Left due: the next sweep tries again.
        this.logger.warn(
          `Incident ${String(incident._id)} not notified: ${(error as Error).message}`,
        );
      }
    }
    return due.length;
  }

  private async notifyOne(
    incident: IncidentRow,
    allRules: readonly AlertRule[],
    muting: Awaited<ReturnType<AlertSubscriptionsRepository['withMutes']>>,
    now: Date,
  ): Promise<void> {
    const event = incident.state === 'open' ? 'opened' : 'resolved';
    // Resolved before anyone was told (quiet hours, grace): nothing to say.
    if (event === 'resolved' && !incident.openedSentTo.length)
      return this.incidents.noted(incident._id, event, [], null);
    if (incident.mutedUntil && incident.mutedUntil > now && event === 'opened')
      return this.incidents.noted(incident._id, event, [], incident.mutedUntil);

    const rules = allRules.filter(
      (r) =>
        r.companyId === incident.companyId &&
        r.enabled &&
        r.delivery === 'immediate' &&
        r.kinds.includes(incident.kind),
    );
    const told = new Set(event === 'opened' ? incident.openedSentTo : incident.resolvedSentTo);
    const toldOpened = new Set(incident.openedSentTo);
    const waiting = rules.filter(
      (r) => !told.has(r.id) && (event === 'opened' || toldOpened.has(r.id)),
    );
    let nextDue: Date | null = null;
    const sending: AlertRule[] = [];
    for (const rule of waiting) {
      const at = this.dueAt(incident, rule, now);
      if (at <= now) sending.push(rule);
      else if (!nextDue || at < nextDue) nextDue = at;
    }
    const sentTo = sending.map((r) => r.id);
    const emails = sending.flatMap((r) => r.recipients.emails);
    const webhookIds = sending.flatMap((r) => r.recipients.webhookIds);
    if (!told.has(FOLLOWERS) && (event === 'opened' || toldOpened.has(FOLLOWERS))) {
      const followers = await this.subscriptions.followersOf(incident.companyId);
      emails.push(
        ...followers
          .filter((f) =>
            f.follows.some(
              (e) =>
                e.companyId === incident.companyId &&
                (e.storeId === undefined || e.storeId === incident.storeId),
            ),
          )
          .map((f) => f.email),
      );
      sentTo.push(FOLLOWERS);
    }
    const mutedEmails = new Set(
      muting
        .filter((s) => mutedFor(s, incident.companyId, incident.storeId, now))
        .map((s) => s.email.toLowerCase()),
    );
    const recipients = [...new Set(emails.map((e) => e.toLowerCase()))].filter(
      (e) => !mutedEmails.has(e),
    );
    if (recipients.length || webhookIds.length) {
      const facts = incident.data as unknown as IncidentTitleFacts;
      const at = (
        event === 'opened' ? incident.openedAt : (incident.resolvedAt ?? now)
      ).toISOString();
      const subject =
        event === 'opened'
          ? incident.title
          : incident.kind === 'store-offline'
            ? ALERT_NOTICE.backOnline(facts)
            : ALERT_NOTICE.resolved(incident.title);
      await this.notifications.enqueue({
        key: `${String(incident._id)}:${event}`,
        companyId: incident.companyId,
        ...(incident.storeId !== null ? { storeId: incident.storeId } : {}),
        event: event === 'opened' ? 'incident.opened' : 'incident.resolved',
        kind: incident.kind,
        subject,
        text:
          event === 'opened'
            ? ALERT_NOTICE.openedText(subject, at)
            : ALERT_NOTICE.resolvedText(subject, at),
        portalPath: portalPathOf(incident),
        data: {
          incidentId: String(incident._id),
          kind: incident.kind,
          state: incident.state,
          companyId: incident.companyId,
          storeId: incident.storeId,
          title: incident.title,
          openedAt: incident.openedAt.toISOString(),
          resolvedAt: incident.resolvedAt ? incident.resolvedAt.toISOString() : null,
          ...incident.data,
        },
        emails: recipients,
        webhookIds: [...new Set(webhookIds)],
      });
    }
    await this.incidents.noted(incident._id, event, sentTo, nextDue);
  }

  /** When this rule may be told: after its grace (store-offline) and outside its quiet hours. */
  private dueAt(incident: IncidentRow, rule: AlertRule, now: Date): Date {
    let at = now;
    const offlineSince = incident.data.offlineSince;
    if (
      incident.state === 'open' &&
      incident.kind === 'store-offline' &&
      typeof offlineSince === 'string'
    ) {
      const graceEnds = new Date(Date.parse(offlineSince) + rule.graceSeconds * 1000);
      if (graceEnds > at) at = graceEnds;
    }
    if (at > now) return at;
    return quietUntil(rule.quietHours, rule.timeZone, now) ?? now;
  }
}
