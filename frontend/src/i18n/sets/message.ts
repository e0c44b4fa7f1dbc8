import {
  DELIVERY_STATE,
  MESSAGE_DELIVERY_LABELS,
  MESSAGING_LABELS,
  MESSAGING_TEXT,
  SEND_STATE,
} from '@store-cloud/contracts';
import { omit, textSet } from '../text-set';

/**
 * The message screen (EvoMessenger Administration) and its Sent Messages tab. Search, the company
 * and store columns, back to companies and the page count come from common (companyLabelsSet,
 * tableLabelsSet); the delivery summary is put together from the state names (summary's `label`).
 */
export const messagingTextSet = textSet('message', 'text', MESSAGING_TEXT);
export const messagingLabelsSet = textSet(
  'message',
  'labels',
  omit(MESSAGING_LABELS, [
    'search',
    'companyId',
    'companyName',
    'storeId',
    'storeName',
    'backToCompanies',
  ]),
  {
    historyOf: ['store'],
    selectAllShown: ['count'],
    selectStore: ['store', 'key'],
    selectCompany: ['company'],
    polesignStores: ['brand', 'count'],
    minutes: ['count'],
    progress: ['done', 'total'],
  },
);
export const deliveryLabelsSet = textSet(
  'message',
  'deliveries',
  omit(MESSAGE_DELIVERY_LABELS, ['summary', 'page']),
  { confirmResend: ['count'] },
);
/** A site's send state as the send view shows it (spec §4). */
export const sendStateSet = textSet('message', 'sendState', SEND_STATE);
/** A site's delivery state in Sent Messages. */
export const deliveryStateSet = textSet('message', 'deliveryState', DELIVERY_STATE);

export const messageSets = [
  messagingTextSet,
  messagingLabelsSet,
  deliveryLabelsSet,
  sendStateSet,
  deliveryStateSet,
];
