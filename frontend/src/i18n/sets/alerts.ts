import {
  ALERT_BELL_TEXT,
  ALERT_FOLLOW_TEXT,
  ALERT_KIND_LABEL,
  ALERT_RULES_TEXT,
  ALERTS_TEXT,
  INCIDENT_BADGE_TEXT,
  WEBHOOKS_TEXT,
} from '@store-cloud/contracts';
import { textSet } from '../text-set';

const name = ['name'] as const;

export const ALERTS = textSet('alerts', 'incidents', ALERTS_TEXT, {
  acknowledgedBy: ['user'],
  mutedUntil: ['time'],
  openStore: ['store'],
});
export const ALERT_BELL = textSet('alerts', 'bell', ALERT_BELL_TEXT, { label: ['count'] });
export const INCIDENT_BADGE = textSet('alerts', 'badge', INCIDENT_BADGE_TEXT, { label: ['kinds'] });
export const ALERT_KINDS = textSet('alerts', 'kinds', ALERT_KIND_LABEL);
export const ALERT_RULES = textSet('alerts', 'rules', ALERT_RULES_TEXT, {
  editRule: name,
  deleteRule: name,
  sendTestOf: name,
  removeQuietHours: ['n'],
  confirmDelete: name,
  'summary.recipients': ['count', '#webhooks'],
  'toast.saved': name,
  'toast.saveError': name,
  'toast.deleted': name,
  'toast.deleteError': name,
  'toast.testQueued': ['count'],
});
export const WEBHOOKS = textSet('alerts', 'webhooks', WEBHOOKS_TEXT, {
  editWebhook: name,
  deleteWebhook: name,
  sendTestOf: name,
  deliveriesOf: name,
  confirmDelete: name,
  replayOf: ['when'],
  durationMs: ['ms'],
  'toast.saved': name,
  'toast.saveError': name,
  'toast.deleted': name,
  'toast.deleteError': name,
});
export const ALERT_FOLLOW = textSet('alerts', 'follow', ALERT_FOLLOW_TEXT, {
  mutedUntil: ['time'],
  removeOf: ['what'],
});

export const ALERTS_SETS = [
  ALERTS,
  ALERT_BELL,
  INCIDENT_BADGE,
  ALERT_KINDS,
  ALERT_RULES,
  WEBHOOKS,
  ALERT_FOLLOW,
];
