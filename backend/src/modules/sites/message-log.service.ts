import { Injectable, Logger } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { MessageLogRepository } from './message-log.repository';

/** One line of the portal's own log (spec §7 message-log service), as the portal sends it. */
export interface PortalLogLine {
  systemId: string;
  description: string;
  timestamp: string;
}

/** The portal's own log and error lines ('ERiC Portal'): written to the log and recorded. */
@Injectable()
export class MessageLogService {
  private readonly logger = new Logger('MessageLog');

  constructor(private readonly log: MessageLogRepository) {}

  async record(user: AuthenticatedUser, kind: 'log' | 'error', line: PortalLogLine): Promise<void> {
    const text = `${line.systemId} (${user.username}): ${line.description}`;
    if (kind === 'error') this.logger.error(text);
    else this.logger.log(text);
    await this.log.add({ kind, ...line, user: user.username });
  }
}
