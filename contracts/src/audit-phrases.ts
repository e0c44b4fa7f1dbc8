import {
  AUDIT_ACTION_AREAS,
  type AuditAction,
  type AuditChange,
  type AuditTargetType,
} from './audit';

/**
 * The audit trail in words (issue 30 point 4): one sentence per entry ("Ann closed the
 * connection of Bob to 7/12") and each changed field as "Label: before → after". Kept here,
 * beside the actions, so every reader of the trail (the portal, an export) says the same thing
 * and an action code such as `site.logout` is never what a person reads.
 */

/**
 * A phrase: the entry's actor and target (the portal may put a store's or company's name there),
 * and for a few actions one more name: another user (whose connection was closed or taken over)
 * or the server a backup was restored to. Positional, so each phrase is a language template.
 */
type Phrase = (actor: string, target: string, more?: string) => string;
const of = (other?: string) => (other ? ` of ${other}` : '');

export const AUDIT_PHRASE = {
  'user.create': (actor: string, target: string) => `${actor} created the user ${target}`,
  'user.update': (actor: string, target: string) => `${actor} edited the user ${target}`,
  'user.delete': (actor: string, target: string) => `${actor} deleted the user ${target}`,
  'user.setPassword': (actor: string, target: string) => `${actor} set the password of ${target}`,
  'user.changePassword': (actor: string) => `${actor} changed their own password`,
  'user.siteCredentials': (actor: string, target: string) =>
    `${actor} saved the site credentials of ${target}`,
  'user.mfa.enrol': (actor: string) => `${actor} set up two-step sign-in`,
  'user.mfa.disable': (actor: string, target: string) =>
    `${actor} turned off two-step sign-in for ${target}`,
  'user.mfa.recoveryCode': (actor: string) => `${actor} signed in with a recovery code`,
  'user.mfa.reset': (actor: string, target: string) =>
    `${actor} reset the second factor of ${target}`,
  'session.end': (actor: string, target: string) => `${actor} ended a session of ${target}`,
  'user.passkey.register': (actor: string) => `${actor} added a passkey`,
  'user.passkey.rename': (actor: string) => `${actor} renamed a passkey`,
  'user.passkey.delete': (actor: string, target: string) =>
    `${actor} removed a passkey of ${target}`,
  'user.passkey.signin': (actor: string) => `${actor} signed in with a passkey`,
  'user.passkey.signinFailed': (_actor: string, target: string) =>
    `A passkey sign-in as ${target} failed`,
  'sso.signin': (_actor: string, target: string) => `${target} signed in through single sign-on`,
  'sso.refused': (_actor: string, target: string) => `Single sign-on refused ${target}`,
  'company.save': (actor: string) => `${actor} saved the companies`,
  'company.update': (actor: string, target: string) => `${actor} edited the company ${target}`,
  'company.credentials': (actor: string, target: string) =>
    `${actor} saved the credentials of the company ${target}`,
  'company.refresh': (actor: string) => `${actor} refreshed the companies`,
  'credentials.encrypt': (actor: string, target: string) =>
    `${actor} encrypted a stored password of ${target}`,
  'backup.run': (actor: string, target: string) => `${actor} backed up the server ${target}`,
  'backup.restore': (actor: string, target: string, server?: string) =>
    `${actor} restored the backup ${target}${server ? ` to ${server}` : ''}`,
  'backup.delete': (actor: string, target: string) => `${actor} deleted the backup ${target}`,
  'backupServer.add': (actor: string, target: string) =>
    `${actor} added the backup server ${target}`,
  'backupServer.update': (actor: string, target: string) =>
    `${actor} edited the backup server ${target}`,
  'backupServer.delete': (actor: string, target: string) =>
    `${actor} deleted the backup server ${target}`,
  'media.folders': (actor: string, target: string) =>
    `${actor} created the media folders of ${target}`,
  'media.tag.add': (actor: string, target: string) => `${actor} added the tag folder ${target}`,
  'media.tag.remove': (actor: string, target: string) =>
    `${actor} removed the tag folder ${target}`,
  'media.tags': (actor: string, target: string) => `${actor} saved the tags of the store ${target}`,
  'media.limit': (actor: string, target: string) => `${actor} changed the media limit of ${target}`,
  'media.schedule.add': (actor: string, target: string) => `${actor} added the schedule ${target}`,
  'media.schedule.update': (actor: string, target: string) =>
    `${actor} edited the schedule ${target}`,
  'media.schedule.delete': (actor: string, target: string) =>
    `${actor} deleted the schedule ${target}`,
  'media.file.upload': (actor: string, target: string) => `${actor} uploaded ${target}`,
  'media.file.replace': (actor: string, target: string) => `${actor} replaced ${target}`,
  'media.file.delete': (actor: string, target: string) => `${actor} deleted ${target}`,
  'media.file.move': (actor: string, target: string) => `${actor} moved ${target}`,
  'message.send': (actor: string, target: string) =>
    `${actor} sent a message to the store ${target}`,
  'site.connect': (actor: string, target: string) => `${actor} connected to the store ${target}`,
  'site.takeover': (actor: string, target: string, other?: string) =>
    `${actor} took over the connection${of(other)} to the store ${target}`,
  'site.login': (actor: string, target: string) => `${actor} signed in to the site of ${target}`,
  'site.logout': (actor: string, target: string) => `${actor} signed out of the site of ${target}`,
  'site.close': (actor: string, target: string, other?: string) =>
    `${actor} closed the connection${of(other)} to the store ${target}`,
  'alertRule.create': (actor: string, target: string) =>
    `${actor} created the alert rule ${target}`,
  'alertRule.update': (actor: string, target: string) => `${actor} edited the alert rule ${target}`,
  'alertRule.delete': (actor: string, target: string) =>
    `${actor} deleted the alert rule ${target}`,
  'alertRule.test': (actor: string, target: string) => `${actor} tested the alert rule ${target}`,
  'incident.ack': (actor: string, target: string) => `${actor} acknowledged the incident ${target}`,
  'incident.mute': (actor: string, target: string) => `${actor} muted the incident ${target}`,
  'webhook.create': (actor: string, target: string) => `${actor} created the webhook ${target}`,
  'webhook.update': (actor: string, target: string) => `${actor} edited the webhook ${target}`,
  'webhook.delete': (actor: string, target: string) => `${actor} deleted the webhook ${target}`,
  'webhook.test': (actor: string, target: string) => `${actor} tested the webhook ${target}`,
  'webhook.replay': (actor: string, target: string) =>
    `${actor} replayed a delivery of the webhook ${target}`,
  'apiToken.create': (actor: string, target: string) => `${actor} created the API token ${target}`,
  'apiToken.revoke': (actor: string, target: string) => `${actor} revoked the API token ${target}`,
  'apiToken.use': (actor: string, target: string) =>
    `${actor} made a call with the API token ${target}`,
} as const satisfies Record<AuditAction, Phrase>;

/** The entry's fields a phrase draws on. */
export interface AuditPhraseEntry {
  actor: string;
  action: string;
  targetType: AuditTargetType;
  target: string;
  changes: AuditChange[];
  details?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The target types as words, for an entry whose action no phrase knows. */
export const AUDIT_TARGET_TYPE_WORD: Record<AuditTargetType, string> = {
  user: 'user',
  company: 'company',
  store: 'store',
  backup: 'backup',
  backupServer: 'backup server',
  media: 'media',
  schedule: 'schedule',
  mediaFile: 'media file',
  alertRule: 'alert rule',
  incident: 'incident',
  webhook: 'webhook',
  apiToken: 'api token',
};

/** Field names read better as words: `connectedBy` → "Connected by". */
export const AUDIT_FIELD_LABEL: Record<string, string> = {
  connectedBy: 'Connected by',
  userType: 'Role',
  companies: 'Companies',
  enabled: 'Enabled',
  tagsList: 'Tags',
  methods: 'Sign-in methods',
  passkeyName: 'Passkey name',
  url: 'URL',
  jobId: 'Job',
  passkeysRemoved: 'Passkeys removed',
};

/** Words for the parts of an action's area that do not read as themselves. */
const AREA_WORD: Record<string, string> = {
  mfa: 'two-step sign-in',
  sso: 'single sign-on',
  apiToken: 'API token',
  backupServer: 'backup server',
  alertRule: 'alert rule',
};
const areaWords = (area: string) =>
  area
    .split('.')
    .filter(Boolean)
    .map((part) => AREA_WORD[part] ?? part)
    .join(' ');

/** The action filter's areas (`media.file.`) in words: "All media file actions". */
export const AUDIT_AREA_LABEL: Record<string, string> = Object.fromEntries(
  AUDIT_ACTION_AREAS.map((area) => [area, `All ${areaWords(area)} actions`]),
);

/**
 * Every word the trail is told in, one object: the functions below take it as their last
 * argument, so a portal in another language passes its own of the same shape.
 */
export const AUDIT_WORDS = {
  phrase: AUDIT_PHRASE,
  /** The actor of the platform's own work. */
  platform: 'The platform',
  /** An entry whose action no phrase knows (an action added since, an old record). */
  unknown: (actor: string, targetType: string, target: string) =>
    `${actor} made a change to the ${targetType} ${target}`,
  targetType: AUDIT_TARGET_TYPE_WORD,
  field: AUDIT_FIELD_LABEL,
  area: AUDIT_AREA_LABEL,
  none: 'none',
  yes: 'yes',
  no: 'no',
};
export type AuditWords = typeof AUDIT_WORDS;

/**
 * The entry as one sentence; `target` replaces the raw target (e.g. with a store's name). The
 * third name of a phrase is the server a backup went to, or the other user the entry names.
 */
export function describeAuditEntry(
  entry: AuditPhraseEntry,
  target = entry.target,
  words: AuditWords = AUDIT_WORDS,
): string {
  const before = entry.changes.find((c) => c.field === 'connectedBy')?.before;
  const actor = entry.actor === 'platform' ? words.platform : entry.actor;
  const more =
    text(entry.details?.server) ??
    text(before) ??
    text(entry.details?.previousUser) ??
    text(entry.details?.user);
  const phrase = words.phrase[entry.action as AuditAction] as Phrase | undefined;
  return phrase
    ? phrase(actor, target, more)
    : words.unknown(actor, words.targetType[entry.targetType], target);
}

export function auditFieldLabel(field: string, words: AuditWords = AUDIT_WORDS): string {
  const known = words.field[field];
  if (known) return known;
  const spaced = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A value as a person reads it; `instant` formats ISO date-times the way the portal does. */
export function auditValueText(
  value: unknown,
  instant: (iso: string) => string = (s) => s,
  words: AuditWords = AUDIT_WORDS,
): string {
  const again = (v: unknown) => auditValueText(v, instant, words);
  if (value === undefined || value === null || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return instant(value);
    // A message's body is kept as JSON text: read it as fields, not braces.
    if (/^[[{]/.test(value)) {
      try {
        return again(JSON.parse(value) as unknown);
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map(again).join(', ') : words.none;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) return words.none;
    return entries.map(([k, v]) => `${auditFieldLabel(k, words)} ${again(v)}`).join('; ');
  }
  return String(value);
}

/** A changed field as label, before and after, in words. */
export function describeAuditChange(
  change: AuditChange,
  instant?: (iso: string) => string,
  words: AuditWords = AUDIT_WORDS,
) {
  return {
    label: auditFieldLabel(change.field, words),
    before: auditValueText(change.before, instant, words),
    after: auditValueText(change.after, instant, words),
  };
}

/** The action filter's area (`media.file.`) in words: "All media file actions". */
export function auditAreaLabel(area: string, words: AuditWords = AUDIT_WORDS): string {
  return words.area[area] ?? `All ${areaWords(area)} actions`;
}
