import { ENV_FIELD } from '@store-cloud/node-kit';
import { z } from 'zod';

/** Treats an empty variable (as `.env` files write them) like an unset one. */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const isSmtpUrl = (value: string) => {
  try {
    return ['smtp:', 'smtps:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The alert channels' variables (docs/features/alerts.md), spread into envSchema. */
export const NOTIFICATIONS_ENV = {
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)')
      .optional(),
  ),
  ALERT_FROM: z
    .string()
    .trim()
    .min(3, 'must be an e-mail address, optionally with a name: Store Cloud <alerts@example.com>')
    .default('store-cloud <alerts@storecloud.local>'),
  PORTAL_URL: z
    .url({ error: 'must be an http(s) URL', protocol: /^https?$/ })
    .transform((v) => v.replace(/\/+$/, ''))
    .default('http://localhost:4200'),
  WEBHOOK_ALLOW_PRIVATE: ENV_FIELD.flag(false),
  NOTIFICATIONS_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(50, 'must be at least 50')
    .default(2_000),
  NOTIFICATIONS_LEASE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1000, 'must be at least 1000')
    .default(60_000),
  NOTIFICATIONS_RETRY_BASE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(10, 'must be at least 10')
    .default(30_000),
};

type NotificationsEnv = z.output<z.ZodObject<typeof NOTIFICATIONS_ENV>>;

export interface NotificationsConfig {
  /** Where e-mail goes (nodemailer's URL form); undefined: e-mail is not sent (each one failed). */
  smtpUrl?: string;
  /** The From of every alert e-mail. */
  from: string;
  /** The portal's address, for the links in notifications. */
  portalUrl: string;
  /** Lets webhooks reach loopback and private addresses (link-local and metadata never). */
  webhookAllowPrivate: boolean;
  /** How often each sender looks for notifications due. */
  intervalMs: number;
  /** How long a claim holds: a sender killed mid-send is retried after it. */
  leaseMs: number;
  /** The first retry's wait; each next one doubles it, up to an hour. */
  retryBaseMs: number;
}

export function notificationsConfig(e: NotificationsEnv): NotificationsConfig {
  return {
    smtpUrl: e.SMTP_URL,
    from: e.ALERT_FROM,
    portalUrl: e.PORTAL_URL,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    intervalMs: e.NOTIFICATIONS_INTERVAL_MS,
    leaseMs: e.NOTIFICATIONS_LEASE_MS,
    retryBaseMs: e.NOTIFICATIONS_RETRY_BASE_MS,
  };
}
