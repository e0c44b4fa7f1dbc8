import { type AuditAction, type AuditChange, type AuditTargetType } from './audit';

/**
 * The audit trail in words (issue 30 point 4): one sentence per entry ("Ann closed the
 * connection of Bob to 7/12") and each changed field as "Label: before → after". Kept here,
 * beside the actions, so every reader of the trail (the portal, an export) says the same thing
 * and an action code such as `site.logout` is never what a person reads.
 */

/** What a phrase is made of: the entry's actor and target, and who else it concerns. */
export interface AuditPhraseParts {
  actor: string;
  /** The target as a person reads it (the portal may put a store's or company's name here). */
  target: string;
  /** Another user the entry names (whose connection was closed or taken over). */
  other?: string;
  /** The server a backup was restored to. */
  server?: string;
}

type Phrase = (p: AuditPhraseParts) => string;
const of = (p: AuditPhraseParts) => (p.other ? ` of ${p.other}` : '');

export const AUDIT_PHRASE: Record<AuditAction, Phrase> = {
  'user.create': (p) => `${p.actor} created the user ${p.target}`,
  'user.update': (p) => `${p.actor} edited the user ${p.target}`,
  'user.delete': (p) => `${p.actor} deleted the user ${p.target}`,
  'user.setPassword': (p) => `${p.actor} set the password of ${p.target}`,
  'user.changePassword': (p) => `${p.actor} changed their own password`,
  'user.siteCredentials': (p) => `${p.actor} saved the site credentials of ${p.target}`,
  'user.mfa.enrol': (p) => `${p.actor} set up two-step sign-in`,
  'user.mfa.disable': (p) => `${p.actor} turned off two-step sign-in for ${p.target}`,
  'user.mfa.recoveryCode': (p) => `${p.actor} signed in with a recovery code`,
  'user.mfa.reset': (p) => `${p.actor} reset the second factor of ${p.target}`,
  'session.end': (p) => `${p.actor} ended a session of ${p.target}`,
  'user.passkey.register': (p) => `${p.actor} added a passkey`,
  'user.passkey.rename': (p) => `${p.actor} renamed a passkey`,
  'user.passkey.delete': (p) => `${p.actor} removed a passkey of ${p.target}`,
  'user.passkey.signin': (p) => `${p.actor} signed in with a passkey`,
  'user.passkey.signinFailed': (p) => `A passkey sign-in as ${p.target} failed`,
  'sso.signin': (p) => `${p.target} signed in through single sign-on`,
  'sso.refused': (p) => `Single sign-on refused ${p.target}`,
  'company.save': (p) => `${p.actor} saved the companies`,
  'company.update': (p) => `${p.actor} edited the company ${p.target}`,
  'company.credentials': (p) => `${p.actor} saved the credentials of the company ${p.target}`,
  'company.refresh': (p) => `${p.actor} refreshed the companies`,
  'credentials.encrypt': (p) => `${p.actor} encrypted a stored password of ${p.target}`,
  'backup.run': (p) => `${p.actor} backed up the server ${p.target}`,
  'backup.restore': (p) =>
    `${p.actor} restored the backup ${p.target}${p.server ? ` to ${p.server}` : ''}`,
  'backup.delete': (p) => `${p.actor} deleted the backup ${p.target}`,
  'backupServer.add': (p) => `${p.actor} added the backup server ${p.target}`,
  'backupServer.update': (p) => `${p.actor} edited the backup server ${p.target}`,
  'backupServer.delete': (p) => `${p.actor} deleted the backup server ${p.target}`,
  'media.folders': (p) => `${p.actor} created the media folders of ${p.target}`,
  'media.tag.add': (p) => `${p.actor} added the tag folder ${p.target}`,
  'media.tag.remove': (p) => `${p.actor} removed the tag folder ${p.target}`,
  'media.tags': (p) => `${p.actor} saved the tags of the store ${p.target}`,
  'media.limit': (p) => `${p.actor} changed the media limit of ${p.target}`,
  'media.schedule.add': (p) => `${p.actor} added the schedule ${p.target}`,
  'media.schedule.update': (p) => `${p.actor} edited the schedule ${p.target}`,
  'media.schedule.delete': (p) => `${p.actor} deleted the schedule ${p.target}`,
  'media.file.upload': (p) => `${p.actor} uploaded ${p.target}`,
  'media.file.replace': (p) => `${p.actor} replaced ${p.target}`,
  'media.file.delete': (p) => `${p.actor} deleted ${p.target}`,
  'media.file.move': (p) => `${p.actor} moved ${p.target}`,
  'message.send': (p) => `${p.actor} sent a message to the store ${p.target}`,
  'site.connect': (p) => `${p.actor} connected to the store ${p.target}`,
  'site.takeover': (p) => `${p.actor} took over the connection${of(p)} to the store ${p.target}`,
  'site.login': (p) => `${p.actor} signed in to the site of ${p.target}`,
  'site.logout': (p) => `${p.actor} signed out of the site of ${p.target}`,
  'site.close': (p) => `${p.actor} closed the connection${of(p)} to the store ${p.target}`,
  'alertRule.create': (p) => `${p.actor} created the alert rule ${p.target}`,
  'alertRule.update': (p) => `${p.actor} edited the alert rule ${p.target}`,
  'alertRule.delete': (p) => `${p.actor} deleted the alert rule ${p.target}`,
  'alertRule.test': (p) => `${p.actor} tested the alert rule ${p.target}`,
  'incident.ack': (p) => `${p.actor} acknowledged the incident ${p.target}`,
  'incident.mute': (p) => `${p.actor} muted the incident ${p.target}`,
  'webhook.create': (p) => `${p.actor} created the webhook ${p.target}`,
  'webhook.update': (p) => `${p.actor} edited the webhook ${p.target}`,
  'webhook.delete': (p) => `${p.actor} deleted the webhook ${p.target}`,
  'webhook.test': (p) => `${p.actor} tested the webhook ${p.target}`,
  'webhook.replay': (p) => `${p.actor} replayed a delivery of the webhook ${p.target}`,
  'apiToken.create': (p) => `${p.actor} created the API token ${p.target}`,
  'apiToken.revoke': (p) => `${p.actor} revoked the API token ${p.target}`,
  'apiToken.use': (p) => `${p.actor} made a call with the API token ${p.target}`,
};

/** What an entry the phrases do not know says (an action added since, an old record). */
const unknownPhrase = (p: AuditPhraseParts, targetType: AuditTargetType) =>
  `${p.actor} made a change to the ${targetType.replace(/([A-Z])/g, ' $1').toLowerCase()} ${p.target}`;

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

/** The entry as one sentence; `target` replaces the raw target (e.g. with a store's name). */
export function describeAuditEntry(entry: AuditPhraseEntry, target = entry.target): string {
  const before = entry.changes.find((c) => c.field === 'connectedBy')?.before;
  const parts: AuditPhraseParts = {
    actor: entry.actor === 'platform' ? 'The platform' : entry.actor,
    target,
    other: text(before) ?? text(entry.details?.previousUser) ?? text(entry.details?.user),
    server: text(entry.details?.server),
  };
  const phrase = AUDIT_PHRASE[entry.action as AuditAction];
  return phrase ? phrase(parts) : unknownPhrase(parts, entry.targetType);
}

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

export function auditFieldLabel(field: string): string {
  const known = AUDIT_FIELD_LABEL[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a person reads it; `instant` formats ISO date-times the way the portal does. */
export function auditValueText(
  value: unknown,
  instant: (iso: string) => string = (s) => s,
): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return instant(value);
    // A message's body is kept as JSON text: read it as fields, not braces.
    if (/^[[{]/.test(value)) {
      try {
        return auditValueText(JSON.parse(value) as unknown, instant);
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value))
    return value.length ? value.map((v) => auditValueText(v, instant)).join(', ') : 'none';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) return 'none';
    return entries
      .map(([k, v]) => `${auditFieldLabel(k)} ${auditValueText(v, instant)}`)
      .join('; ');
  }
  return String(value);
}

/** A changed field as label, before and after, in words. */
export function describeAuditChange(change: AuditChange, instant?: (iso: string) => string) {
  return {
    label: auditFieldLabel(change.field),
    before: auditValueText(change.before, instant),
    after: auditValueText(change.after, instant),
  };
}

/** Words for the parts of an action's area that do not read as themselves. */
const AREA_WORD: Record<string, string> = {
  mfa: 'two-step sign-in',
  sso: 'single sign-on',
  apiToken: 'API token',
  backupServer: 'backup server',
  alertRule: 'alert rule',
};

/** The action filter's area (`media.file.`) in words: "All media file actions". */
export function auditAreaLabel(area: string): string {
  const words = area
    .split('.')
    .filter(Boolean)
    .map((part) => AREA_WORD[part] ?? part);
  return `All ${words.join(' ')} actions`;
}
