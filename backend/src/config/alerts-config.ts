import { z } from 'zod';

const ms = (min: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(min, `must be at least ${min}`)
    .default(fallback);

/** The alerts sweep's variables (docs/features/alerts.md), spread into envSchema. */
export const ALERTS_ENV = {
  /** How often the worker looks at the fleet's presence and sends the notices due. */
  ALERT_SWEEP_INTERVAL_MS: ms(100, 5_000),
  /** How long a store must stay out of the online list to count as offline (a Redis flush is not). */
  ALERT_OFFLINE_SETTLE_MS: ms(0, 12_000),
  /** How often SQL backup reports, backup jobs and message deliveries are looked at. */
  ALERT_RECORDS_INTERVAL_MS: ms(100, 60_000),
  /** When (UTC) the daily digests and "not seen" reports go out. */
  ALERT_DAILY_AT: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (UTC)')
    .default('07:00'),
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
