import {
  BULK_ACTION_KIND_LABEL,
  BULK_ACTIONS_TEXT,
  BULK_STORE_STATE_LABEL,
} from '@store-cloud/contracts';
import { omit, textSet } from '../text-set';

/**
 * Bulk actions and saved selections. A schedule push's summary and a move's reason are written by
 * the backend into the action it stores, in English: no screen text.
 */
export const bulkActionsTextSet = textSet(
  'bulk',
  'actions',
  omit(BULK_ACTIONS_TEXT, ['schedulePush', 'notMoved']),
  {
    confirmRetry: ['count'],
    resolvesTo: ['count'],
    confirmSend: ['name', 'count'],
  },
);
export const bulkActionKindLabelSet = textSet('bulk', 'kinds', BULK_ACTION_KIND_LABEL);
export const bulkStoreStateLabelSet = textSet('bulk', 'states', BULK_STORE_STATE_LABEL);

export const bulkSets = [bulkActionsTextSet, bulkActionKindLabelSet, bulkStoreStateLabelSet];
