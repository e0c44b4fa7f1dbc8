import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { DELIVERY_STATE, type SqlBackupInstallation } from '@store-cloud/contracts';
import type { Connection } from 'mongoose';

export interface FailedJob {
  id: string;
  serverName: string;
  /** A restore names the backup it restores. */
  restore: boolean;
  error: string;
  finishedAt: Date;
}

export interface StoreBackupReport {
  companyId: number;
  storeId: number;
  reportedAt: string;
  installations: SqlBackupInstallation[];
}

export interface SiteDeliveryOutcome {
  companyId: number;
  storeId: number;
  state: string;
  reason?: string;
  at: Date;
}

export interface FailedSchedule {
  id: string;
  companyId: number;
  mediaFolderName: string;
  destination: string;
  step: string;
  files: string[];
  error: string;
  at: Date;
}

/**
 * What the alerts watch in other modules' records (DESIGN §8: job records, SQL backup reports,
 * delivery records, media schedules), read only, with narrow projections. The collections belong to the backups,
 * sqlbackup, sites and media modules; their repositories are private to them, and these reads are the
 * alerts' own questions, so they live here rather than as methods those modules would not use.
 */
@Injectable()
export class FleetRecordsReader {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Backup and restore jobs that ended since `since`, newest first. */
  async jobsEndedSince(since: Date): Promise<Array<FailedJob & { state: string }>> {
    const rows = await this.connection
      .collection('backupjobs')
      .find(
        { state: { $in: ['completed', 'failed'] }, finishedAt: { $gte: since } },
        { projection: { serverName: 1, backupId: 1, state: 1, error: 1, finishedAt: 1 } },
      )
      .sort({ finishedAt: -1 })
      .limit(1000)
      .toArray();
    return rows.map((r) => ({
      id: String(r._id),
      serverName: String(r.serverName ?? ''),
      restore: Boolean(r.backupId),
      state: String(r.state),
      error: String(r.error ?? ''),
      finishedAt: new Date(r.finishedAt as Date),
    }));
  }

  /** The latest SQL backup reports of these companies' stores. */
  async sqlBackupReports(companies: number[]): Promise<StoreBackupReport[]> {
    if (!companies.length) return [];
    const rows = await this.connection
      .collection('sqlbackupinstallations')
      .find({ companyId: { $in: companies } })
      .toArray();
    return rows.map((r) => ({
      companyId: Number(r.companyId),
      storeId: Number(r.storeId),
      reportedAt: String(r.reportedAt),
      installations: (r.installations ?? []) as SqlBackupInstallation[],
    }));
  }

  /**
   * The message outcomes at these companies' stores since `since`, newest first: a failure and
   * whether a later send reached the store.
   */
  async deliveryOutcomes(companies: number[], since: Date): Promise<SiteDeliveryOutcome[]> {
    if (!companies.length) return [];
    const rows = await this.connection
      .collection('messagedeliverysites')
      .find(
        {
          companyId: { $in: companies },
          at: { $gte: since },
          state: {
            $in: [DELIVERY_STATE.failed, DELIVERY_STATE.sent, DELIVERY_STATE.deliveredLater],
          },
        },
        { projection: { companyId: 1, storeId: 1, state: 1, reason: 1, at: 1 } },
      )
      .sort({ at: -1 })
      .limit(5000)
      .toArray();
    return rows.map((r) => ({
      companyId: Number(r.companyId),
      storeId: Number(r.storeId),
      state: String(r.state),
      ...(r.reason ? { reason: String(r.reason) } : {}),
      at: new Date(r.at as Date),
    }));
  }

  /** The schedules of these companies whose last step failed to move its files. */
  async failedSchedules(companies: number[]): Promise<FailedSchedule[]> {
    if (!companies.length) return [];
    const rows = await this.connection
      .collection('schedules')
      .find(
        { companyId: { $in: companies }, failure: { $exists: true } },
        { projection: { companyId: 1, mediaFolderName: 1, destination: 1, failure: 1 } },
      )
      .limit(5000)
      .toArray();
    return rows.map((r) => {
      const f = (r.failure ?? {}) as Record<string, unknown>;
      return {
        id: String(r._id),
        companyId: Number(r.companyId),
        mediaFolderName: String(r.mediaFolderName ?? ''),
        destination: String(r.destination ?? ''),
        step: String(f.step ?? ''),
        files: Array.isArray(f.files) ? f.files.map(String) : [],
        error: String(f.error ?? ''),
        at: new Date(f.at as Date),
      };
    });
  }
}
