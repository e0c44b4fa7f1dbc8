import { Injectable } from '@nestjs/common';
import {
  type SqlBackupInstallationsResult,
  type SqlBackupReport,
  sqlBackupStaleReason,
} from '@store-cloud/contracts';
import { ConfigService } from '../../config/config.service';
import { companyScope } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { IntegrationCompaniesRepository } from '../companies';
import { Clock } from '../../common/clock/clock';
import { SqlBackupRepository } from './sql-backup.repository';

/** The SQL backup status (media spec §2, §3, §7): stores report, the dashboard reads. */
@Injectable()
export class SqlBackupService {
  constructor(
    private readonly reports: SqlBackupRepository,
    private readonly companies: IntegrationCompaniesRepository,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  /** A store's report (company and store from its authenticated socket) replaces its last one. */
  async report(companyId: number, storeId: number, report: SqlBackupReport): Promise<void> {
    const company = await this.companies.findOne(companyId);
    const storeName = company?.stores.find((s) => s.storeId === storeId)?.storeName;
    await this.reports.replace({
      companyId,
      storeId,
      storeName,
      reportedAt: this.clock.now().toISOString(),
      installations: report.installations,
    });
  }

  /** Every installation of the stores of the companies the user may access. */
  async installations(user: AuthenticatedUser): Promise<SqlBackupInstallationsResult> {
    const reports = await this.reports.list(companyScope(user));
    const now = this.clock.now();
    const settings = {
      staleHours: this.config.get('sqlBackupStaleHours'),
      reportIntervalMs: this.config.get('sqlBackupReportIntervalMs'),
    };
    return {
      IsSuccess: true,
      Data: reports.flatMap((r) =>
        r.installations.map((installation) => {
          const staleReason = sqlBackupStaleReason(
            installation,
            new Date(r.reportedAt),
            now,
            settings,
          );
          return {
            ...installation,
            CompanyId: r.companyId,
            StoreId: r.storeId,
            ...(r.storeName ? { StoreName: r.storeName } : {}),
            ReportedAt: r.reportedAt,
            stale: staleReason !== undefined,
            ...(staleReason ? { staleReason } : {}),
          };
        }),
      ),
    };
  }
}
