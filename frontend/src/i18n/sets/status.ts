import { TOAST } from '@store-cloud/contracts';
import { textSet } from '../text-set';

/** Status's own texts beyond `common:status` (its lists): clearing the message queue. */
export const messageQueueToastSet = textSet('status', 'messageQueueToast', TOAST.messageQueue);

export const statusSets = [messageQueueToastSet];
