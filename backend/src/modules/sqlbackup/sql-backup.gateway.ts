import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { SQL_BACKUP_SOCKET, sqlBackupReportSchema, TENTACLE } from '@store-cloud/contracts';
import type { Socket } from 'socket.io';
import type { TentacleData } from '../tentacles';
import { SqlBackupService } from './sql-backup.service';

/**
 * Stores report their SQL backup installations over their tentacle socket. The namespace lets in
 * only stores with a valid secret (TentaclesGateway), so the store is the socket's, never the
 * payload's.
 */
@WebSocketGateway({ namespace: TENTACLE.namespace })
export class SqlBackupGateway {
  private readonly logger = new Logger(SqlBackupGateway.name);

  constructor(private readonly sqlBackup: SqlBackupService) {}

  @SubscribeMessage(SQL_BACKUP_SOCKET.reportEvent)
  async report(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown) {
    const { company, store } = socket.data as TentacleData;
    const report = sqlBackupReportSchema.safeParse(body);
    if (!report.success) {
      this.logger.warn(`Invalid SQL backup report from store ${company}/${store}`);
      return { ok: false };
    }
    try {
      await this.sqlBackup.report(company, store, report.data);
      return { ok: true };
    } catch (error) {
      this.logger.warn(`SQL backup report of ${company}/${store}: ${(error as Error).message}`);
      return { ok: false };
    }
  }
}
