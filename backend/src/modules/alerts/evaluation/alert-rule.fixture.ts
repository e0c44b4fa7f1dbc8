import type { AlertRule } from '@store-cloud/contracts';

/** For the evaluation specs: a company 1 rule with short grace and flapping windows. */
export const alertRule = (over: Partial<AlertRule> = {}): AlertRule => ({
  id: 'r1',
  companyId: 1,
  name: 'Rule',
  kinds: [],
  graceSeconds: 60,
  flapping: { transitions: 3, minutes: 10 },
  staleBackupHours: 26,
  mediaSharePercent: 90,
  notSeenDays: 7,
  quietHours: [],
  timeZone: 'UTC',
  recipients: { emails: [], webhookIds: [] },
  delivery: 'immediate',
  enabled: true,
  createdAt: '',
  updatedAt: '',
  ...over,
});

/** The names findings give a company and a store. */
export const FINDING_NAMES = { companyName: () => 'Acme', storeName: () => 'Harbour' };
