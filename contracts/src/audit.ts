import { z } from 'zod';

/**
 * The audit trail (issue 17 point 1, DESIGN §3 auditlog): who changed what, to which target,
 * when, and the before/after of the changed fields. Append-only: there is no call to change or
 * remove an entry.
 */

export const AUDIT_API = {
  list: '/portal/auditlog',
} as const;

/** Every action the audit trail records, grouped by the area it belongs to. */
export const AUDIT_ACTION = {
  userCreate: 'user.create',
  userUpdate: 'user.update',
  userDelete: 'user.delete',
  userSetPassword: 'user.setPassword',
  userChangePassword: 'user.changePassword',
  userSiteCredentials: 'user.siteCredentials',
  /** Second factors (issue 27): TOTP confirmed, turned off, a recovery code used, an admin reset. */
  userMfaEnrol: 'user.mfa.enrol',
  userMfaDisable: 'user.mfa.disable',
  userMfaRecoveryCode: 'user.mfa.recoveryCode',
  userMfaReset: 'user.mfa.reset',
  sessionEnd: 'session.end',
  /** Passkeys (issue 27): the owner's registrations, renames and removals, and its sign-ins. */
  passkeyRegister: 'user.passkey.register',
  passkeyRename: 'user.passkey.rename',
  passkeyDelete: 'user.passkey.delete',
  passkeySignIn: 'user.passkey.signin',
  passkeySignInFailed: 'user.passkey.signinFailed',
  /** A single sign-on (issue 27): the user it signed in, created or updated, and its mapping. */
  ssoSignIn: 'sso.signin',
  /** A single sign-on the platform refused after the provider's answer (the reason in details). */
  ssoRefused: 'sso.refused',
  companiesSave: 'company.save',
  companyUpdate: 'company.update',
  companyCredentials: 'company.credentials',
  companiesRefresh: 'company.refresh',
  /** A site password found stored in plain text (an old seed, an old backup) was encrypted. */
  credentialsEncrypt: 'credentials.encrypt',
  backupRun: 'backup.run',
  backupRestore: 'backup.restore',
  backupDelete: 'backup.delete',
  backupServerAdd: 'backupServer.add',
  backupServerUpdate: 'backupServer.update',
  backupServerDelete: 'backupServer.delete',
  mediaFolders: 'media.folders',
  mediaTagAdd: 'media.tag.add',
  mediaTagRemove: 'media.tag.remove',
  mediaTags: 'media.tags',
  mediaLimit: 'media.limit',
  mediaScheduleAdd: 'media.schedule.add',
  mediaScheduleUpdate: 'media.schedule.update',
  mediaScheduleDelete: 'media.schedule.delete',
  // Files on the media server: reported by it (MEDIA_FILE_AUDIT_API), or by the schedule engine.
  mediaFileUpload: 'media.file.upload',
  mediaFileReplace: 'media.file.replace',
  mediaFileDelete: 'media.file.delete',
  mediaFileMove: 'media.file.move',
  messageSend: 'message.send',
  siteConnect: 'site.connect',
  siteTakeover: 'site.takeover',
  siteLogin: 'site.login',
  siteLogout: 'site.logout',
  siteClose: 'site.close',
  alertRuleCreate: 'alertRule.create',
  alertRuleUpdate: 'alertRule.update',
  alertRuleDelete: 'alertRule.delete',
  alertRuleTest: 'alertRule.test',
  incidentAck: 'incident.ack',
  incidentMute: 'incident.mute',
  webhookCreate: 'webhook.create',
  webhookUpdate: 'webhook.update',
  webhookDelete: 'webhook.delete',
  webhookTest: 'webhook.test',
  webhookReplay: 'webhook.replay',
  /** API tokens (issue 27): made, revoked, and every call made with one. */
  apiTokenCreate: 'apiToken.create',
  apiTokenRevoke: 'apiToken.revoke',
  apiTokenUse: 'apiToken.use',
} as const;
export type AuditAction = (typeof AUDIT_ACTION)[keyof typeof AUDIT_ACTION];
export const AUDIT_ACTIONS = Object.values(AUDIT_ACTION) as AuditAction[];

/** What the Audit screen's action filter shows for each action. */
export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  'user.create': 'User created',
  'user.update': 'User edited',
  'user.delete': 'User deleted',
  'user.setPassword': 'User password set',
  'user.changePassword': 'Own password changed',
  'user.siteCredentials': 'Site credentials saved',
  'user.mfa.enrol': 'Two-step sign-in set up',
  'user.mfa.disable': 'Two-step sign-in turned off',
  'user.mfa.recoveryCode': 'Recovery code used',
  'user.mfa.reset': 'Second factor reset',
  'session.end': 'Session ended',
  'user.passkey.register': 'Passkey added',
  'user.passkey.rename': 'Passkey renamed',
  'user.passkey.delete': 'Passkey removed',
  'user.passkey.signin': 'Passkey sign-in',
  'user.passkey.signinFailed': 'Passkey sign-in failed',
  'sso.signin': 'Single sign-on',
  'sso.refused': 'Single sign-on refused',
  'company.save': 'Companies saved',
  'company.update': 'Company edited',
  'company.credentials': 'Company credentials saved',
  'company.refresh': 'Companies refreshed',
  'credentials.encrypt': 'Stored password encrypted',
  'backup.run': 'Backup run',
  'backup.restore': 'Backup restored',
  'backup.delete': 'Backup deleted',
  'backupServer.add': 'Backup server added',
  'backupServer.update': 'Backup server edited',
  'backupServer.delete': 'Backup server deleted',
  'media.folders': 'Media folder created',
  'media.tag.add': 'Tag folder added',
  'media.tag.remove': 'Tag folder removed',
  'media.tags': 'Store tags saved',
  'media.limit': 'Media limit changed',
  'media.schedule.add': 'Schedule added',
  'media.schedule.update': 'Schedule edited',
  'media.schedule.delete': 'Schedule deleted',
  'media.file.upload': 'Media file uploaded',
  'media.file.replace': 'Media file replaced',
  'media.file.delete': 'Media file deleted',
  'media.file.move': 'Media file moved',
  'message.send': 'Message sent',
  'site.connect': 'Store connected',
  'site.takeover': 'Store connection taken over',
  'site.login': 'Site login',
  'site.logout': 'Site logout',
  'site.close': 'Store connection closed',
  'alertRule.create': 'Alert rule created',
  'alertRule.update': 'Alert rule edited',
  'alertRule.delete': 'Alert rule deleted',
  'alertRule.test': 'Alert rule tested',
  'incident.ack': 'Incident acknowledged',
  'incident.mute': 'Incident muted',
  'webhook.create': 'Webhook created',
  'webhook.update': 'Webhook edited',
  'webhook.delete': 'Webhook deleted',
  'apiToken.create': 'API token created',
  'apiToken.revoke': 'API token revoked',
  'apiToken.use': 'API token used',
  'webhook.test': 'Webhook tested',
  'webhook.replay': 'Webhook delivery replayed',
};

/**
 * The action filter's areas: every prefix of an action ending in '.' (`media.`, `media.file.`),
 * so a whole area or a part of it can be asked for at once.
 */
export const AUDIT_ACTION_AREAS: string[] = [
  ...new Set(
    AUDIT_ACTIONS.flatMap((action) => {
      const parts = action.split('.').slice(0, -1);
      return parts.map((_, i) => `${parts.slice(0, i + 1).join('.')}.`);
    }),
  ),
];

export const AUDIT_TARGET_TYPES = [
  'user',
  'company',
  'store',
  'backup',
  'backupServer',
  'media',
  'schedule',
  'mediaFile',
  'alertRule',
  'incident',
  'webhook',
  'apiToken',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * Field names whose value is a secret: never written to the audit trail (AuditService strips them
 * from before, after and details, however deep, whatever the caller passed).
 */
export const AUDIT_SECRET_FIELD = /(password|passwd|secret|token|hash|key|cipher)$/i;

/** Removes every secret-named field, at any depth (arrays included). */
export function stripAuditSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripAuditSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([name]) => !AUDIT_SECRET_FIELD.test(name))
        .map(([name, v]) => [name, stripAuditSecrets(v)]),
    );
  }
  return value;
}

/** One changed field: its value before and after (absent when it did not exist). */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** An entry as GET /portal/auditlog answers it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Who: the signed-in user's name (or 'platform' for the platform's own work). */
  actor: z.string(),
  action: z.string(),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  /**
   * The target's name or id: a username, `company/store`, a backup id, a schedule id, a media
   * file as `{mediaFolder}/{file}`.
   */
  target: z.string(),
  /** The companies the entry concerns (company-limited administrators see only theirs). */
  companies: z.array(z.number().int()),
  changes: z.array(auditChangeSchema),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
/** Paging reaches this many entries at most: narrow the filters to see older ones. */
export const AUDIT_MAX_REACHABLE = 10_000;

const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' });
const optionalText = z.string().trim().max(200).optional();

/** The query of GET /portal/auditlog (strings, as query parameters come). */
export const auditQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** The actor's username, exactly. */
    user: optionalText,
    /** An action, or an area's prefix ending in '.' (e.g. `site.`). */
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[A-Za-z.]*$/, 'must be an action name')
      .optional(),
    company: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine((q) => q.page * q.pageSize <= AUDIT_MAX_REACHABLE + q.pageSize, {
    message: `paging reaches the newest ${AUDIT_MAX_REACHABLE} entries; narrow the filters`,
    path: ['page'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matching entries, counted up to AUDIT_MAX_REACHABLE (+1 means "more than that"). */
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The Audit screen's texts. */
export const AUDIT_TEXT = {
  title: 'Audit Trail',
  filters: 'Audit filters',
  from: 'From',
  to: 'To',
  user: 'User',
  action: 'Action',
  anyAction: 'Any action',
  company: 'Company',
  anyCompany: 'Any company',
  apply: 'Apply',
  reset: 'Reset',
  table: 'Audit entries',
  when: 'When',
  who: 'Who',
  what: 'Action',
  target: 'Target',
  changes: 'Changes',
  noEntries: 'No audit entries match these filters',
  loading: 'Loading',
  loadFailed: 'Failed to get the audit trail',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  total: (total: number) => `${total} entries`,
  /** A count that reached AUDIT_MAX_REACHABLE: the backend answers one more than it counted to. */
  moreThan: (total: number) => `More than ${total} entries`,
  pageSize: 'Entries per page',
} as const;

/**
 * Media file changes (issue 17 point 1): the media server reports each completed upload,
 * replace, delete and move to the backend, which writes it to the audit trail. Only the media
 * server can call this: it carries MEDIA_SERVICE_KEY in MEDIA_SERVICE_KEY_HEADER (no browser
 * has it), and the actor is the user whose token the media server verified for the change.
 */
export const MEDIA_FILE_AUDIT_API = {
  report: '/portal/mediafilechanges',
} as const;
export const MEDIA_SERVICE_KEY_HEADER = 'x-media-service-key';

export const MEDIA_FILE_ACTIONS = [
  AUDIT_ACTION.mediaFileUpload,
  AUDIT_ACTION.mediaFileReplace,
  AUDIT_ACTION.mediaFileDelete,
  AUDIT_ACTION.mediaFileMove,
] as const;
export type MediaFileAction = (typeof MEDIA_FILE_ACTIONS)[number];

/** A media folder inside a company: pending, expired or tags/{tag}. */
const mediaArea = z
  .string()
  .regex(/^(pending|expired|tags\/[^/]{1,100})$/, 'must be a media folder');

/** One completed file change, as the media server reports it (and keeps it until acknowledged). */
export const mediaFileChangeSchema = z
  .object({
    /** Chosen by the media server: a replay of the same change is recorded once. */
    id: z.uuid(),
    /** When the change was made on the media server. */
    at: isoDate,
    /** The user whose verified token made the change (TokenInfo id and name). */
    actor: z
      .object({ id: z.string().min(1).max(100), username: z.string().min(1).max(200) })
      .strict(),
    action: z.enum(MEDIA_FILE_ACTIONS),
    companyId: z.number().int().positive().max(2_147_483_647),
    /** The company's media folder (e.g. AcmeFuels-7). */
    mediaFolder: z.string().min(1).max(200),
    file: z.string().min(1).max(255),
    /** Where the file was (delete, move, replace). */
    from: mediaArea.optional(),
    /** Where it is now (upload, replace, move). */
    to: mediaArea.optional(),
    /** Uploads: bytes stored and the kind of file. */
    size: z.number().int().nonnegative().optional(),
    type: z.enum(['jpeg', 'png', 'mp4']).optional(),
  })
  .strict();
export type MediaFileChange = z.infer<typeof mediaFileChangeSchema>;

/** At most this many changes go in one report (the outbox sends its backlog in such batches). */
export const MEDIA_FILE_CHANGES_MAX = 100;
export const mediaFileChangesSchema = z
  .object({ changes: z.array(mediaFileChangeSchema).min(1).max(MEDIA_FILE_CHANGES_MAX) })
  .strict();
export type MediaFileChanges = z.infer<typeof mediaFileChangesSchema>;

/** The acknowledgement: every change of the report is in the audit trail (recorded now or before). */
export const mediaFileChangesResultSchema = z.object({ recorded: z.number().int() });
export type MediaFileChangesResult = z.infer<typeof mediaFileChangesResultSchema>;
