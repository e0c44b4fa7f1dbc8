import { PRODUCT_NAME } from '@store-cloud/contracts';
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
  SMTP_URL: optionalText
    .pipe(
      z
        .string()
        .refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)')
        .optional(),
    )
    .describe(
      "Alert e-mail: nodemailer's SMTP URL (`smtp://user:pass@host:587`, `smtps://…:465`); empty: e-mail notifications fail at once ([alerts](features/alerts.md#e-mail))",
    ),
  ALERT_FROM: z
    .string()
    .trim()
    .min(
      3,
      `must be an e-mail address, optionally with a name: ${PRODUCT_NAME} <alerts@example.com>`,
    )
    .default('store-cloud <alerts@storecloud.local>')
    .describe('The From of alert e-mails'),
  PORTAL_URL: z
    .url({ error: 'must be an http(s) URL', protocol: /^https?$/ })
    .transform((v) => v.replace(/\/+$/, ''))
    .default('http://localhost:4200')
    .describe(
      "The portal's address, for the links in alert e-mails and webhooks (compose: `PORTAL_ORIGIN`)",
    ),
  WEBHOOK_ALLOW_PRIVATE: ENV_FIELD.flag(false).describe(
    '`true` lets webhooks reach loopback and private addresses (link-local and cloud metadata never)',
  ),
  NOTIFICATIONS_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(50, 'must be at least 50')
    .default(2_000)
    .describe('How often each worker looks for notifications due'),
  NOTIFICATIONS_LEASE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1000, 'must be at least 1000')
    .default(60_000)
    .describe(
      'A claimed send not marked within this (its sender died) is sent again, with the same delivery id',
    ),
  NOTIFICATIONS_RETRY_BASE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(10, 'must be at least 10')
    .default(30_000)
    .describe(
      'The wait after a failed send; doubled after each further failure, at most an hour, for 24 hours',
    ),
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
