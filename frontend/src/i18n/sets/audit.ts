import {
  AUDIT_ACTION_LABEL,
  AUDIT_ACTIONS,
  AUDIT_TEXT,
  AUDIT_WORDS,
  type AuditAction,
} from '@store-cloud/contracts';
import { type ParamNames, textSet } from '../text-set';

/** Audit: the screen, its action filter, and the trail in words (phrases, fields, values). */
export const auditTextSet = textSet('audit', 'page', AUDIT_TEXT, {
  pageOf: ['page', 'pages'],
  total: ['count'],
  moreThan: ['count'],
});
export const auditActionLabelSet = textSet('audit', 'actions', AUDIT_ACTION_LABEL);

/** A phrase's third name, where it has one: the other user, or the server a backup went to. */
const MORE: Partial<Record<AuditAction, string>> = {
  'site.takeover': '?other',
  'site.close': '?other',
  'backup.restore': '?server',
};
const phraseParams = (action: AuditAction): ParamNames => {
  const more = MORE[action];
  return more ? ['actor', 'target', more] : ['actor', 'target'];
};
export const auditWordsSet = textSet('audit', 'words', AUDIT_WORDS, {
  ...Object.fromEntries(AUDIT_ACTIONS.map((action) => [`phrase.${action}`, phraseParams(action)])),
  unknown: ['actor', 'targetType', 'target'],
});

export const auditSets = [auditTextSet, auditActionLabelSet, auditWordsSet];
