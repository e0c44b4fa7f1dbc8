import { Injectable, Logger } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { type AuditEntry, AuditRepository } from './audit.repository';

/** Who did it: the signed-in user of the request. */
export type AuditActor = Pick<AuthenticatedUser, 'id' | 'username'>;

/**
 * Writes the audit log (DESIGN §3). Called after a change succeeded; a failure to write is
 * logged, not thrown, because the change itself has already happened and must be reported so.
 * Details never carry a password or secret.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(private readonly repository: AuditRepository) {}

  async record(
    actor: AuditActor,
    action: string,
    target: string,
    details?: AuditEntry['details'],
  ): Promise<void> {
    try {
      await this.repository.insert({
        actorId: actor.id,
        actor: actor.username,
        action,
        target,
        ...(details ? { details } : {}),
        at: new Date(),
      });
    } catch (error) {
      this.logger.error(`Audit entry ${action} on ${target} not written: ${String(error)}`);
    }
  }

  list(filter?: { target?: string; limit?: number }): Promise<AuditEntry[]> {
    return this.repository.list(filter);
  }
}
