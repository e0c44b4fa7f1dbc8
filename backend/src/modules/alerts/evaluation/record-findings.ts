import {
  type AlertRule,
  DELIVERY_STATE,
  INCIDENT_TITLE,
  sqlBackupStaleReason,
} from '@store-cloud/contracts';
import type {
  FailedJob,
  FailedSchedule,
  SiteDeliveryOutcome,
  StoreBackupReport,
} from '../fleet-records.reader';
import type { MediaFileCount } from '../media-file-counts';
import { type Finding, rulesFor, storeSubject } from './finding';
import type { StoreNames } from './store-findings';

/**
 * A server backup or restore that failed or was interrupted (a stalled job is failed by the
 * backups' stalled check), until a later one of the same kind on that server completes. Server
 * backups are the platform's, not a company's: each company whose rules watch them is told.
 */
export function jobFindings(
  jobs: ReadonlyArray<FailedJob & { state: string }>,
  rules: readonly AlertRule[],
  names: StoreNames,
): Finding[] {
  const companies = [...rulesFor(rules, 'server-backup-failed').keys()];
  // Newest first: the first job seen per (server, kind) is the one that counts.
  const latest = new Map<string, FailedJob & { state: string }>();
  for (const job of jobs) {
    const key = `${job.serverName}/${job.restore ? 'restore' : 'backup'}`;
    if (!latest.has(key)) latest.set(key, job);
  }
  const failed = [...latest.entries()].filter(([, job]) => job.state === 'failed');
  return companies.flatMap((companyId) =>
    failed.map(([key, job]) => {
      const facts = {
        companyName: names.companyName(companyId),
        job: job.restore ? 'restore' : 'backup',
      };
      return {
        companyId,
        storeId: null,
        kind: 'server-backup-failed' as const,
        subject: `backup/${key}`,
        title: INCIDENT_TITLE['server-backup-failed'](facts),
        data: {
          ...facts,
          jobId: job.id,
          serverName: job.serverName,
          error: job.error,
          finishedAt: job.finishedAt.toISOString(),
        },
      };
    }),
  );
}

/** A store whose SQL backups are stale or missing (no report, or no success for N hours). */
export function sqlBackupFindings(
  reports: readonly StoreBackupReport[],
  rules: readonly AlertRule[],
  names: StoreNames,
  settings: { reportIntervalMs: number },
  now: Date,
): Finding[] {
  const byCompany = rulesFor(rules, 'sqlbackup-stale');
  return reports.flatMap((r) => {
    const companyRules = byCompany.get(r.companyId);
    if (!companyRules) return [];
    const staleHours = Math.min(...companyRules.map((rule) => rule.staleBackupHours));
    const reasons = r.installations.flatMap((i) => {
      const reason = sqlBackupStaleReason(i, new Date(r.reportedAt), now, {
        staleHours,
        reportIntervalMs: settings.reportIntervalMs,
      });
      return reason ? [reason] : [];
    });
    if (!reasons.length) return [];
    const facts = {
      companyName: names.companyName(r.companyId),
      storeName: names.storeName(r.companyId, r.storeId),
      storeId: r.storeId,
      hours: staleHours,
    };
    return [
      {
        companyId: r.companyId,
        storeId: r.storeId,
        kind: 'sqlbackup-stale' as const,
        subject: storeSubject(r.storeId),
        title: INCIDENT_TITLE['sqlbackup-stale'](facts),
        data: { ...facts, reasons: [...new Set(reasons)], reportedAt: r.reportedAt },
      },
    ];
  });
}

/** A store whose latest message outcome is a failure (resolved once a later one reaches it). */
export function deliveryFindings(
  outcomes: readonly SiteDeliveryOutcome[],
  rules: readonly AlertRule[],
  names: StoreNames,
): Finding[] {
  const byCompany = rulesFor(rules, 'message-delivery-failed');
  const latest = new Map<string, SiteDeliveryOutcome>();
  for (const o of outcomes) {
    const key = `${o.companyId}:${o.storeId}`;
    if (!latest.has(key)) latest.set(key, o);
  }
  return [...latest.values()]
    .filter((o) => o.state === DELIVERY_STATE.failed && byCompany.has(o.companyId))
    .map((o) => {
      const facts = {
        companyName: names.companyName(o.companyId),
        storeName: names.storeName(o.companyId, o.storeId),
        storeId: o.storeId,
      };
      return {
        companyId: o.companyId,
        storeId: o.storeId,
        kind: 'message-delivery-failed' as const,
        subject: `${storeSubject(o.storeId)}/message`,
        title: INCIDENT_TITLE['message-delivery-failed'](facts),
        data: { ...facts, reason: o.reason ?? '', failedAt: o.at.toISOString() },
      };
    });
}

/** A media schedule whose last step failed to move its files (until a later step succeeds). */
export function scheduleFindings(
  schedules: readonly FailedSchedule[],
  rules: readonly AlertRule[],
  names: StoreNames,
): Finding[] {
  const byCompany = rulesFor(rules, 'media-schedule-failed');
  return schedules
    .filter((s) => byCompany.has(s.companyId))
    .map((s) => {
      const facts = {
        companyName: names.companyName(s.companyId),
        destination: s.destination,
        step: s.step,
      };
      return {
        companyId: s.companyId,
        storeId: null,
        kind: 'media-schedule-failed' as const,
        subject: `schedule/${s.id}`,
        title: INCIDENT_TITLE['media-schedule-failed'](facts),
        data: {
          ...facts,
          scheduleId: s.id,
          mediaFolderName: s.mediaFolderName,
          files: s.files,
          error: s.error,
          failedAt: s.at.toISOString(),
        },
      };
    });
}

/**
 * A company whose media files reach the smallest share of its file limit among its rules
 * (count >= share x limit); gone once the count falls below it.
 */
export function mediaLimitFindings(
  counts: readonly MediaFileCount[],
  rules: readonly AlertRule[],
  names: StoreNames,
): Finding[] {
  const byCompany = rulesFor(rules, 'media-near-limit');
  return counts.flatMap((c) => {
    const companyRules = byCompany.get(c.companyId);
    if (!companyRules || c.limit <= 0) return [];
    const share = Math.min(...companyRules.map((r) => r.mediaSharePercent));
    if (c.files * 100 < share * c.limit) return [];
    const facts = { companyName: names.companyName(c.companyId), files: c.files, limit: c.limit };
    return [
      {
        companyId: c.companyId,
        storeId: null,
        kind: 'media-near-limit' as const,
        subject: 'media/files',
        title: INCIDENT_TITLE['media-near-limit'](facts),
        data: { ...facts, sharePercent: share },
      },
    ];
  });
}
