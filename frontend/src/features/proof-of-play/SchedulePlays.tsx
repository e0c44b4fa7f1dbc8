import { useSchedulePlays } from '../../api/useProofOfPlay';
import { proofOfPlayTextSet } from '../../i18n/sets/proof-of-play';
import { useTexts } from '../../i18n/useTexts';

/** A schedule's plays so far (proof of play), under its status; nothing before its first play. */
export function SchedulePlays({
  companyId,
  scheduleId,
}: {
  companyId: number;
  scheduleId: string;
}) {
  const text = useTexts(proofOfPlayTextSet);
  const { data } = useSchedulePlays(companyId);
  const plays = data?.find((s) => s.scheduleId === scheduleId)?.plays ?? 0;
  if (!plays) return null;
  return (
    <div className="small text-body-secondary" title={text.schedulePlaysTitle}>
      {text.schedulePlays(plays)}
    </div>
  );
}
