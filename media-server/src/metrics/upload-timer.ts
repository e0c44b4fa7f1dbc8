import type { Response } from 'express';
import onFinished from 'on-finished';
import { MEDIA_METRICS } from './media-metrics';

/** What became of an upload, by its answer: stored (2xx), refused (4xx) or failed (5xx, 507). */
const outcomeOf = (status: number) =>
  status < 400 ? 'stored' : status < 500 ? 'refused' : 'failed';

/** Times an upload from its first check to its answer (or the client's leaving). */
export function timeUpload(res: Response): void {
  const end = MEDIA_METRICS.uploadDuration.startTimer();
  onFinished(res, () => end({ outcome: outcomeOf(res.statusCode) }));
}
