import { Injectable } from '@nestjs/common';
import {
  ALERT_KIND_LABEL,
  ALERT_NOTICE,
  type AlertRule,
  ROUTES,
  STORES_NOT_SEEN,
} from '@store-cloud/contracts';
import { NotificationsService } from '../notifications';
import type { Presence } from './evaluation/store-presence';
import type { StoreNames } from './evaluation/store-findings';
import { IncidentsRepository } from './incidents.repository';

const DAY = 24 * 3_600_000;

/** The UTC day (YYYY-MM-DD) whose daily run `now` belongs to, or undefined before `at` today. */
export function dailyRunOf(now: Date, at: string): string | undefined {
  const day = now.toISOString().slice(0, 10);
  return now.toISOString().slice(11, 16) >= at ? day : undefined;
}

/**
 * The daily notices (issue 26): per digest rule one digest of the incidents opened in the last
 * day, and per "stores not seen" rule one report listing its company's stores not seen for its
 * days. Keyed by rule and day, so a second run the same day (another worker, a restart) adds
 * nothing.
 */
@Injectable()
export class DailyReports {
  /** The last day this process finished a run. */
  private done?: string;

  constructor(
    private readonly incidents: IncidentsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async runIfDue(options: {
    now: Date;
    dailyAt: string;
    rules: readonly AlertRule[];
    presences: () => Iterable<Presence>;
    names: StoreNames;
  }): Promise<boolean> {
    const { now, rules, names } = options;
    const day = dailyRunOf(now, options.dailyAt);
    if (!day || day === this.done) return false;
    const byCompany = new Map<number, Presence[]>();
    for (const p of options.presences())
      byCompany.set(p.companyId, [...(byCompany.get(p.companyId) ?? []), p]);
    for (const rule of rules.filter((r) => r.enabled)) {
      if (rule.kinds.includes(STORES_NOT_SEEN))
        await this.notSeen(rule, day, now, byCompany.get(rule.companyId) ?? [], names);
      if (rule.delivery === 'digest') await this.digest(rule, day, now, names);
    }
    this.done = day;
    return true;
  }

  private async notSeen(
    rule: AlertRule,
    day: string,
    now: Date,
    presences: readonly Presence[],
    names: StoreNames,
  ) {
    const limit = now.getTime() - rule.notSeenDays * DAY;
    const gone = presences
      .filter((p) => !p.online && (p.lastSeenAt ?? p.since) <= limit)
      .sort((a, b) => a.storeId - b.storeId);
    if (!gone.length) return;
    const companyName = names.companyName(rule.companyId);
    const subject = ALERT_NOTICE.notSeenSubject(companyName, gone.length, rule.notSeenDays);
    const lines = gone.map((p) =>
      ALERT_NOTICE.notSeenLine(
        names.storeName(p.companyId, p.storeId),
        p.lastSeenAt === null ? null : new Date(p.lastSeenAt).toISOString(),
      ),
    );
    await this.notifications.enqueue({
      key: `report:${rule.id}:${day}`,
      companyId: rule.companyId,
      event: 'report',
      kind: STORES_NOT_SEEN,
      subject,
      text: [subject, '', ...lines].join('\n'),
      portalPath: ROUTES.status,
      data: {
        day,
        days: rule.notSeenDays,
        stores: gone.map((p) => ({
          storeId: p.storeId,
          storeName: names.storeName(p.companyId, p.storeId),
          lastSeenAt: p.lastSeenAt === null ? null : new Date(p.lastSeenAt).toISOString(),
        })),
      },
      emails: rule.recipients.emails,
      webhookIds: rule.recipients.webhookIds,
    });
  }

  private async digest(rule: AlertRule, day: string, now: Date, names: StoreNames) {
    const opened = (
      await this.incidents.openedSince(rule.companyId, new Date(now.getTime() - DAY))
    ).filter((i) => rule.kinds.includes(i.kind));
    if (!opened.length) return;
    const subject = ALERT_NOTICE.digestSubject(names.companyName(rule.companyId), opened.length);
    await this.notifications.enqueue({
      key: `digest:${rule.id}:${day}`,
      companyId: rule.companyId,
      event: 'digest',
      kind: opened[0]!.kind,
      subject,
      text: [
        subject,
        '',
        ...opened.map(
          (i) =>
            `${i.openedAt.toISOString()} ${ALERT_KIND_LABEL[i.kind]}: ${i.title}${i.state === 'resolved' ? ' (resolved)' : ''}`,
        ),
      ].join('\n'),
      portalPath: `${ROUTES.alerts}?companyId=${rule.companyId}`,
      data: {
        day,
        incidents: opened.map((i) => ({
          id: String(i._id),
          kind: i.kind,
          title: i.title,
          state: i.state,
          openedAt: i.openedAt.toISOString(),
        })),
      },
      emails: rule.recipients.emails,
      webhookIds: rule.recipients.webhookIds,
    });
  }
}
