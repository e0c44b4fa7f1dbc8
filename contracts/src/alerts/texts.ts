import type { AlertKind, AlertRuleKind } from './rules';

/** What people read about alerts: kind names, incident titles, notices, errors. */
export const ALERT_KIND_LABEL: Record<AlertRuleKind, string> = {
  'store-offline': 'Store offline',
  'store-flapping': 'Store flapping',
  'sqlbackup-stale': 'SQL backup stale or missing',
  'server-backup-failed': 'Server backup or restore failed',
  'message-delivery-failed': 'Message delivery failed',
  'media-schedule-failed': 'Media schedule step failed',
  'media-near-limit': 'Media near its file limit',
  'stores-not-seen': 'Stores not seen (daily report)',
};

/** The facts an incident's title is made from (store and company as people name them). */
export interface IncidentTitleFacts {
  companyName: string;
  storeName?: string;
  storeId?: number | null;
  /** server-backup-failed: 'backup' or 'restore'; media-near-limit: files and limit. */
  job?: string;
  files?: number;
  limit?: number;
  hours?: number;
  /** media-schedule-failed: the schedule's tag and the step ('start' or 'end'). */
  destination?: string;
  step?: string;
  transitions?: number;
  minutes?: number;
}

const storeOf = (f: IncidentTitleFacts) =>
  `${f.storeName ?? `Store ${f.storeId ?? ''}`.trim()} (${f.companyName})`;

/** The one-line title of an incident (the notification's subject too). */
export const INCIDENT_TITLE: Record<AlertKind, (f: IncidentTitleFacts) => string> = {
  'store-offline': (f) => `${storeOf(f)} is offline`,
  'store-flapping': (f) =>
    `${storeOf(f)} is flapping: ${f.transitions ?? 0} changes in ${f.minutes ?? 0} minutes`,
  'sqlbackup-stale': (f) => `${storeOf(f)}: no successful SQL backup for ${f.hours ?? 0} hours`,
  'server-backup-failed': (f) => `Server ${f.job ?? 'backup'} failed (${f.companyName})`,
  'message-delivery-failed': (f) => `A message did not reach ${storeOf(f)}`,
  'media-schedule-failed': (f) =>
    f.destination
      ? `The media schedule of tag ${f.destination} failed to move its files at its ${f.step ?? 'step'} (${f.companyName})`
      : `A media schedule step failed (${f.companyName})`,
  'media-near-limit': (f) => `${f.companyName} media: ${f.files ?? 0} of ${f.limit ?? 0} files`,
};

export const ALERT_NOTICE = {
  /** Prefix of the subject when an incident resolves; store-offline says "back online". */
  resolved: (title: string) => `Resolved: ${title}`,
  backOnline: (f: IncidentTitleFacts) => `${storeOf(f)} is back online`,
  openedText: (title: string, at: string) => `${title}\nSince ${at}.`,
  resolvedText: (title: string, at: string) => `${title}\nResolved at ${at}.`,
  digestSubject: (companyName: string, count: number) =>
    `${companyName}: ${count} alert${count === 1 ? '' : 's'} today`,
  notSeenSubject: (companyName: string, count: number, days: number) =>
    `${companyName}: ${count} store${count === 1 ? '' : 's'} not seen for ${days} days or more`,
  notSeenLine: (storeName: string, lastSeen: string | null) =>
    `${storeName}: ${lastSeen ? `last seen ${lastSeen}` : 'never seen'}`,
  testSubject: (ruleName: string) => `Test of the alert rule "${ruleName}"`,
  testText: (ruleName: string) =>
    `This is a test notification of the alert rule "${ruleName}". No incident is open.`,
} as const;

export const ALERT_ERROR = {
  ruleNotFound: 'The alert rule does not exist',
  incidentNotFound: 'The incident does not exist',
  notAdmin: 'Only administrators may change alert rules',
  unknownWebhook: 'A webhook of the rule does not exist for this company',
  noRecipients: 'The rule has no recipients to test',
  resolved: 'The incident is already resolved',
} as const;
