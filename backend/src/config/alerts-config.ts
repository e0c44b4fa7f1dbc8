import { z } from 'zod';

const ms = (min: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(min, `must be at least ${min}`)
    .default(fallback);

/** The alerts sweep's variables (docs/features/alerts.md), spread into envSchema. */
export const ALERTS_ENV = {
  ALERT_SWEEP_INTERVAL_MS: ms(100, 5_000).describe(
    "How often the worker's alerts sweep looks at the fleet, opens and resolves incidents and queues their notices",
  ),
  ALERT_OFFLINE_SETTLE_MS: ms(0, 12_000).describe(
    'How long a store must stay out of the online list before it counts as offline (a Redis flush is not); the offline time still starts when it was first missed',
  ),
  ALERT_RECORDS_INTERVAL_MS: ms(100, 60_000).describe(
    'How often SQL backup reports, backup jobs and message deliveries are looked at for incidents',
  ),
  ALERT_DAILY_AT: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (UTC)')
    .default('07:00')
    .describe('When (UTC, `HH:MM`) the daily digests and "stores not seen" reports are queued'),
};

type AlertsEnv = { [K in keyof typeof ALERTS_ENV]: z.output<(typeof ALERTS_ENV)[K]> };

export interface AlertsConfig {
  sweepIntervalMs: number;
  offlineSettleMs: number;
  recordsIntervalMs: number;
  dailyAt: string;
}

export const alertsConfig = (e: AlertsEnv): AlertsConfig => ({
  sweepIntervalMs: e.ALERT_SWEEP_INTERVAL_MS,
  offlineSettleMs: e.ALERT_OFFLINE_SETTLE_MS,
  recordsIntervalMs: e.ALERT_RECORDS_INTERVAL_MS,
  dailyAt: e.ALERT_DAILY_AT,
});
