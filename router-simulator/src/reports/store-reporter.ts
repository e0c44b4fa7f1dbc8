import {
  MEDIA_PORTAL_API,
  SQL_BACKUP_SOCKET,
  STORE_SECRET_HEADER,
  type SqlBackupReport,
  sqlBackupReportAckSchema,
  storeMediaSchema,
} from '@store-cloud/contracts';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io-client';
import type { FleetState } from '../fleet/fleet-state';
import { MediaAnswer } from '../player/media-answer';

export interface StoreReporterOptions {
  backendUrl: string;
  companyId: number;
  storeId: number;
  /** The store's tentacle secret: the proof on GET /portal/storemedia. */
  secret: string;
  /** How often the store reports its SQL backup installations while connected. */
  sqlBackupReportIntervalMs: number;
  /** How often the store fetches its active media while connected; 0: never. */
  mediaPollIntervalMs: number;
  logger: Logger;
}

const ACK_TIMEOUT_MS = 10_000;

/**
 * What a store tells the cloud and fetches from it besides its pings: on every connect and then
 * periodically, its SQL backup installations (over the tentacle socket, so the cloud takes the
 * store from the authenticated socket) and the list of its active media (GET /portal/storemedia
 * with its secret).
 */
export class StoreReporter {
  private timers: NodeJS.Timeout[] = [];
  /** Aborts the media fetch in flight when the store goes away. */
  private fetches = new AbortController();
  /** Keeps the fetched media and answers schedule pushes with them. */
  private readonly media: MediaAnswer;

  constructor(
    private readonly socket: Socket,
    private readonly state: FleetState,
    private readonly options: StoreReporterOptions,
  ) {
    this.media = new MediaAnswer(socket, state, options);
    socket.on('connect', () => {
      this.stop();
      void this.reportSqlBackup();
      this.timers.push(
        setInterval(() => void this.reportSqlBackup(), options.sqlBackupReportIntervalMs),
      );
      if (options.mediaPollIntervalMs > 0) {
        void this.fetchMedia();
        this.timers.push(setInterval(() => void this.fetchMedia(), options.mediaPollIntervalMs));
      }
    });
    socket.on('disconnect', () => this.stop());
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    this.fetches.abort();
    this.fetches = new AbortController();
  }

  /** True when the cloud acknowledged the report. */
  async reportSqlBackup(): Promise<boolean> {
    const { companyId, storeId, logger } = this.options;
    if (!this.socket.connected) return false;
    const report: SqlBackupReport = {
      installations: this.state.sqlBackupOf(companyId, storeId) ?? [],
    };
    try {
      const ack = sqlBackupReportAckSchema.parse(
        await this.socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck(SQL_BACKUP_SOCKET.reportEvent, report),
      );
      if (!ack.ok) logger.warn({ companyId, storeId }, 'SQL backup report refused');
      return ack.ok;
    } catch (error) {
      logger.warn({ companyId, storeId }, `SQL backup report failed: ${(error as Error).message}`);
      return false;
    }
  }

  /** True when the list was fetched and kept. */
  async fetchMedia(): Promise<boolean> {
    const { backendUrl, companyId, storeId, secret, logger } = this.options;
    const stopped = this.fetches.signal;
    const url = `${backendUrl}${MEDIA_PORTAL_API.storeMedia}?c=${companyId}&s=${storeId}`;
    try {
      const res = await fetch(url, {
        headers: { [STORE_SECRET_HEADER]: secret },
        signal: AbortSignal.any([stopped, AbortSignal.timeout(ACK_TIMEOUT_MS)]),
      });
      if (!res.ok) {
        // A store the cloud's media does not know yet answers 404: nothing to show.
        logger.debug({ companyId, storeId, status: res.status }, 'no store media');
        return false;
      }
      this.media.take(storeMediaSchema.parse(await res.json()));
      return true;
    } catch (error) {
      if (!stopped.aborted)
        logger.warn(
          { companyId, storeId },
          `store media fetch failed: ${(error as Error).message}`,
        );
      return false;
    }
  }
}
