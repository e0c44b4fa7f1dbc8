import { storeStateName } from '@store-cloud/contracts';
import { storeStateSet } from '../i18n/sets/common';
import { useTexts } from '../i18n/useTexts';

const COLOUR = {
  offline: 'bg-secondary',
  online: 'bg-success',
  connected: 'bg-primary',
  unknown: 'bg-warning',
} as const;

/** A store's status dot (spec §2 Home): class status-{offline|online|connected|unknown}. */
export function StatusDot({ status }: { status: number | undefined }) {
  const state = storeStateName(status);
  const name = useTexts(storeStateSet)[state];
  return (
    <span
      className={`status-dot status-${state} d-inline-block rounded-circle ${COLOUR[state]}`}
      style={{ width: 12, height: 12 }}
      role="img"
      aria-label={name}
      title={name}
    />
  );
}
