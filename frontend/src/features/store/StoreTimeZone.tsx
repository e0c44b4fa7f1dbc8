import { TIME_ZONE_TEXT } from '@store-cloud/contracts';
import { useStoreTimeZone } from '../../api/useTimeZones';

/** The time zone the store's repeating schedules run in, and where it comes from (issue 32). */
export function StoreTimeZone({ companyId, storeId }: { companyId: number; storeId: number }) {
  const zone = useStoreTimeZone(companyId, storeId);
  if (!zone.data) return null;
  return (
    <p className="small text-muted mb-2" data-testid="store-time-zone">
      <i className="bi bi-clock me-1" aria-hidden="true" />
      {TIME_ZONE_TEXT.storeZone(zone.data.timeZone)} ({TIME_ZONE_TEXT.source[zone.data.source]})
    </p>
  );
}
