import { PROOF_OF_PLAY_TEXT } from '@store-cloud/contracts';
import { useSchedulePlays } from '../../api/useProofOfPlay';

/** A schedule's plays so far (proof of play), under its status; nothing before its first play. */
export function SchedulePlays({
  companyId,
  scheduleId,
}: {
  companyId: number;
  scheduleId: string;
}) {
  const { data } = useSchedulePlays(companyId);
  const plays = data?.find((s) => s.scheduleId === scheduleId)?.plays ?? 0;
  if (!plays) return null;
  return (
    <div className="small text-body-secondary" title={PROOF_OF_PLAY_TEXT.schedulePlaysTitle}>
      {PROOF_OF_PLAY_TEXT.schedulePlays(plays)}
    </div>
  );
}
