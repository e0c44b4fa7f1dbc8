import type { MediaFileAction } from '@store-cloud/contracts';
import type { AuditEvent } from './audit.service';

/** A file change on the media server, whoever reports it (the media server, the schedule engine). */
export interface MediaFileChangeFacts {
  action: MediaFileAction;
  companyId: number;
  mediaFolder: string;
  file: string;
  /** The media folder (pending, expired, tags/{tag}) it was in. */
  from?: string;
  /** The one it is in now. */
  to?: string;
  size?: number;
  type?: string;
  details?: Record<string, unknown>;
}

/**
 * The audit event of a file change: the target is `{mediaFolder}/{file}`, and the file's folder
 * before and after is the changed field (an upload also has its size and type as after).
 */
export function mediaFileEvent(change: MediaFileChangeFacts): AuditEvent {
  return {
    action: change.action,
    targetType: 'mediaFile',
    target: `${change.mediaFolder}/${change.file}`,
    companies: [change.companyId],
    before: change.from !== undefined ? { folder: change.from } : undefined,
    after:
      change.to !== undefined
        ? { folder: change.to, size: change.size, type: change.type }
        : undefined,
    ...(change.details ? { details: change.details } : {}),
  };
}
