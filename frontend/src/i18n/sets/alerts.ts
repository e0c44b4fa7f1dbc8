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

export const alertsTextSet = textSet('alerts', 'incidents', ALERTS_TEXT, {
  acknowledgedBy: ['user'],
  mutedUntil: ['time'],
  openStore: ['store'],
});
export const alertBellTextSet = textSet('alerts', 'bell', ALERT_BELL_TEXT, { label: ['count'] });
export const incidentBadgeTextSet = textSet('alerts', 'badge', INCIDENT_BADGE_TEXT, {
  label: ['kinds'],
});
export const alertKindLabelSet = textSet('alerts', 'kinds', ALERT_KIND_LABEL);
export const alertRulesTextSet = textSet('alerts', 'rules', ALERT_RULES_TEXT, {
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
export const webhooksTextSet = textSet('alerts', 'webhooks', WEBHOOKS_TEXT, {
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
export const alertFollowTextSet = textSet('alerts', 'follow', ALERT_FOLLOW_TEXT, {
  mutedUntil: ['time'],
  removeOf: ['what'],
});

export const alertsSets = [
  alertsTextSet,
  alertBellTextSet,
  incidentBadgeTextSet,
  alertKindLabelSet,
  alertRulesTextSet,
  webhooksTextSet,
  alertFollowTextSet,
];
