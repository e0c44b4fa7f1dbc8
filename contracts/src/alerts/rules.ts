import { z } from 'zod';

/**
 * Alert rules (issue 26 item 2): per company, administered by its administrators. A rule names
 * what it watches (kinds), its thresholds, when it stays quiet and whom it tells.
 */

/** Everything the platform opens an incident for (one incident per thing that went wrong). */
export const ALERT_KINDS = [
  'store-offline',
  'store-flapping',
  'sqlbackup-stale',
  'server-backup-failed',
  'message-delivery-failed',
  'media-schedule-failed',
  'media-near-limit',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The daily "stores not seen for X days" report: one notification, never an incident. */
export const STORES_NOT_SEEN = 'stores-not-seen';
/** What a rule may watch: the incident kinds and the daily report. */
export const ALERT_RULE_KINDS = [...ALERT_KINDS, STORES_NOT_SEEN] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

export const ALERT_DELIVERIES = ['immediate', 'digest'] as const;
export type AlertDelivery = (typeof ALERT_DELIVERIES)[number];

/** Limits and defaults of a rule (grace from 30 s, default 10 min: issue 26). */
export const ALERT_RULE_LIMITS = {
  graceMinSeconds: 30,
  graceMaxSeconds: 7 * 24 * 3600,
  graceDefaultSeconds: 600,
  flappingDefaultTransitions: 4,
  flappingDefaultMinutes: 15,
  staleBackupDefaultHours: 26,
  mediaShareDefaultPercent: 90,
  notSeenDefaultDays: 7,
  maxRecipients: 50,
  maxWebhooks: 20,
  maxQuietWindows: 14,
  nameMax: 100,
} as const;

export const ALERT_RULE_API = {
  /** GET ?companyId= (the rules of the companies in the caller's scope), POST a new rule. */
  rules: '/portal/alertrules',
  /** PUT, DELETE one rule. */
  rule: '/portal/alertrules/{id}',
  /** POST: a test notification to the rule's recipients now. */
  test: '/portal/alertrules/{id}/test',
} as const;
export const alertRulePath = (id: string) =>
  ALERT_RULE_API.rule.replace('{id}', encodeURIComponent(id));
export const alertRuleTestPath = (id: string) =>
  ALERT_RULE_API.test.replace('{id}', encodeURIComponent(id));

/** A MongoDB id, as rules, incidents and webhooks are named. */
export const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'must be an id');
export const alertIdParamsSchema = z.object({ id: objectIdSchema });

const companyId = z.number().int().min(0).max(2_147_483_647);
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM');

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A quiet window: on these weekdays (0 Sunday … 6 Saturday) from `from` to `to` (local time of the
 * store; `to` before `from` runs past midnight into the next day). Notifications wait until it
 * ends; incidents still open.
 */
export const quietWindowSchema = z
  .object({
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    from: clockTime,
    to: clockTime,
  })
  .refine((w) => w.from !== w.to, { message: 'from and to must differ', path: ['to'] });
export type QuietWindow = z.infer<typeof quietWindowSchema>;

export const alertRecipientsSchema = z.object({
  emails: z
    .array(z.email({ error: 'must be an e-mail address' }).max(254))
    .max(ALERT_RULE_LIMITS.maxRecipients)
    .default([]),
  webhookIds: z.array(objectIdSchema).max(ALERT_RULE_LIMITS.maxWebhooks).default([]),
});
export type AlertRecipients = z.infer<typeof alertRecipientsSchema>;

/** POST /portal/alertrules and PUT /portal/alertrules/{id}. */
export const alertRuleInputSchema = z.object({
  companyId,
  name: z.string().trim().min(1, 'must not be empty').max(ALERT_RULE_LIMITS.nameMax),
  kinds: z
    .array(z.enum(ALERT_RULE_KINDS))
    .min(1, 'choose at least one kind')
    .refine((k) => new Set(k).size === k.length, 'each kind once'),
  graceSeconds: z
    .number()
    .int()
    .min(ALERT_RULE_LIMITS.graceMinSeconds)
    .max(ALERT_RULE_LIMITS.graceMaxSeconds)
    .default(ALERT_RULE_LIMITS.graceDefaultSeconds),
  /** store-flapping: more than `transitions` online/offline changes within `minutes`. */
  flapping: z
    .object({
      transitions: z.number().int().min(2).max(100),
      minutes: z.number().int().min(1).max(1440),
    })
    .default({
      transitions: ALERT_RULE_LIMITS.flappingDefaultTransitions,
      minutes: ALERT_RULE_LIMITS.flappingDefaultMinutes,
    }),
  /** sqlbackup-stale: no successful SQL backup reported for this many hours. */
  staleBackupHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(ALERT_RULE_LIMITS.staleBackupDefaultHours),
  /** media-near-limit: the company's media files reach this share of its file limit. */
  mediaSharePercent: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(ALERT_RULE_LIMITS.mediaShareDefaultPercent),
  /** stores-not-seen: the daily report lists stores not seen for this many days. */
  notSeenDays: z.number().int().min(1).max(365).default(ALERT_RULE_LIMITS.notSeenDefaultDays),
  quietHours: z.array(quietWindowSchema).max(ALERT_RULE_LIMITS.maxQuietWindows).default([]),
  /**
   * The zone quiet hours are read in (IANA name). The platform records no time zone for stores or
   * companies, so the rule carries the stores' zone; UTC when left out.
   */
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'must be a time zone such as Europe/Oslo')
    .default('UTC'),
  recipients: alertRecipientsSchema.default({ emails: [], webhookIds: [] }),
  delivery: z.enum(ALERT_DELIVERIES).default('immediate'),
  enabled: z.boolean().default(true),
});
export type AlertRuleInput = z.input<typeof alertRuleInputSchema>;
export type AlertRuleValues = z.output<typeof alertRuleInputSchema>;

export const alertRuleSchema = alertRuleInputSchema.extend({
  id: z.string(),
  /** ISO times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlertRule = z.output<typeof alertRuleSchema>;
export const alertRuleListSchema = z.array(alertRuleSchema);

export const alertRulesQuerySchema = z
  .object({ companyId: z.coerce.number().int().min(0).max(2_147_483_647).optional() })
  .strict();

/** POST /portal/alertrules/{id}/test (and the webhooks' test): how many sends were queued. */
export const alertTestResultSchema = z.object({ queued: z.number().int().min(0) });
export type AlertTestResult = z.infer<typeof alertTestResultSchema>;
