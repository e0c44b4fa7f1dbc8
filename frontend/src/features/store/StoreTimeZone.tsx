import { useStoreTimeZone } from '../../api/useTimeZones';
import { timeZoneTextSet } from '../../i18n/sets/companies';
import { useTexts } from '../../i18n/useTexts';

/** The time zone the store's repeating schedules run in, and where it comes from (issue 32). */
export function StoreTimeZone({ companyId, storeId }: { companyId: number; storeId: number }) {
  const timeZoneText = useTexts(timeZoneTextSet);
  const zone = useStoreTimeZone(companyId, storeId);
  if (!zone.data) return null;
  return (
    <p className="small text-muted mb-2" data-testid="store-time-zone">
      <i className="bi bi-clock me-1" aria-hidden="true" />
      {timeZoneText.storeZone(zone.data.timeZone)} ({timeZoneText.source[zone.data.source]})
    </p>
  );
}
