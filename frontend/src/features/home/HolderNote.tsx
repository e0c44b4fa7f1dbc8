import { STORE_STATUS } from '@store-cloud/contracts';
import { formatDateTime } from '../../ui/date-format';
import type { LiveStore } from './live-store';
import { companyLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/** 'Connected by {user} since {time}' under a connected store. */
export function HolderNote({ store }: { store: LiveStore }) {
  const companyLabels = useTexts(companyLabelsSet);
  if (store.status !== STORE_STATUS.connected || !store.connectedBy) return null;
  return (
    <small className="text-muted d-block" data-testid="store-holder">
      {companyLabels.connectedBy(store.connectedBy, formatDateTime(store.connectedSince, true))}
    </small>
  );
}
