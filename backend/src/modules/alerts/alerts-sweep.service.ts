import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AlertKind, AlertRule } from '@store-cloud/contracts';
import { Clock } from '../../common/clock/clock';
import { ConfigService } from '../../config/config.service';
import { ConnectedCompaniesView } from '../companies';
import { LiveStatusService } from '../live-status';
import { RedisService } from '../redis';
import { startClusterInterval } from '../scheduling';
import { TentaclesService } from '../tentacles';
import { DailyReports } from './daily-reports';
import type { Finding } from './evaluation/finding';
import {
  deliveryFindings,
  jobFindings,
  mediaLimitFindings,
  scheduleFindings,
  sqlBackupFindings,
} from './evaluation/record-findings';
import { type StoreNames, storeFindings } from './evaluation/store-findings';
import { PresenceTracker } from './evaluation/store-presence';
import { FleetRecordsReader } from './fleet-records.reader';
import { IncidentNotifier } from './incident-notifier';
import { MediaFileCounts } from './media-file-counts';
import { type IncidentRow, IncidentsRepository, openKeyOf } from './incidents.repository';
import { AlertRulesRepository } from './rules.repository';
import { WatchedStoresRepository } from './watched-stores.repository';

const STORE_KINDS: AlertKind[] = ['store-offline', 'store-flapping'];
const RECORD_KINDS: AlertKind[] = [
  'server-backup-failed',
  'sqlbackup-stale',
  'message-delivery-failed',
  'media-schedule-failed',
  'media-near-limit',
];
/** Failed jobs and deliveries older than this no longer open an incident. */
const RECORDS_LOOK_BACK_MS = 24 * 3_600_000;

/**
 * The worker's alerts sweep (issue 26, DESIGN §8), once per ALERT_SWEEP_INTERVAL_MS across all
 * processes (a Redis lock): follows every connected store's presence from the online list, opens
 * and resolves incidents, every ALERT_RECORDS_INTERVAL_MS also from SQL backup reports, backup
 * jobs, message deliveries, failed media schedule steps and the companies' media file counts, then sends the notices due and, once a day, the digests and
 * reports. MongoDB holds everything it decides; its in-memory copy of the presences is read
 * again whenever another process may have swept in between.
 */
@Injectable()
export class AlertsSweepService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AlertsSweepService.name);
  private readonly tracker: PresenceTracker;
  private stop?: () => void;
  /** performance.now() of this process's last sweep (the Clock may be moved by tests). */
  private lastSweep?: number;
  private lastRecords?: number;

  constructor(
    private readonly config: ConfigService,
    private readonly redis: RedisService,
    private readonly clock: Clock,
    private readonly companies: ConnectedCompaniesView,
    private readonly tentacles: TentaclesService,
    private readonly rules: AlertRulesRepository,
    private readonly incidents: IncidentsRepository,
    private readonly watched: WatchedStoresRepository,
    private readonly records: FleetRecordsReader,
    private readonly mediaCounts: MediaFileCounts,
    private readonly notifier: IncidentNotifier,
    private readonly daily: DailyReports,
    private readonly live: LiveStatusService,
  ) {
    this.tracker = new PresenceTracker(config.get('alerts').offlineSettleMs);
  }

  onApplicationBootstrap() {
    if (!this.config.runsJobs) return;
    this.stop = startClusterInterval({
      redis: this.redis,
      lockName: 'alerts-sweep',
      intervalMs: this.config.get('alerts').sweepIntervalMs,
      logger: this.logger,
      work: () => this.sweepOnce(),
    });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  /** One round; answers what it did (the benchmark and tests read it). */
  async sweepOnce(): Promise<{ changed: number; opened: number; resolved: number }> {
    const settings = this.config.get('alerts');
    const tick = performance.now();
    // Another process swept meanwhile (or none yet here): the database has the newer presences.
    if (this.lastSweep === undefined || tick - this.lastSweep > 2 * settings.sweepIntervalMs)
      this.tracker.load(await this.watched.all());
    this.lastSweep = tick;

    const now = this.clock.now();
    const [rules, companies, online] = await Promise.all([
      this.rules.enabled(),
      this.companies.list(),
      this.tentacles.onlineKeys(),
    ]);
    const names = namesOf(companies);
    const stores = companies.flatMap((c) =>
      c.stores
        .filter((s) => s.isActive && s.storeId !== 0)
        .map((s) => ({ companyId: c.companyId, storeId: s.storeId })),
    );
    const changed = this.tracker.observe(stores, online, now.getTime());
    await this.watched.write(changed);

    const open = await this.incidents.listOpen();
    const flappingOpen = new Set(
      open.filter((i) => i.kind === 'store-flapping').map((i) => `${i.companyId}|${i.subject}`),
    );
    const counts = await this.reconcile(
      STORE_KINDS,
      storeFindings({
        presences: this.tracker.values(),
        rules,
        flappingOpen,
        names,
        now: now.getTime(),
      }),
      open,
      now,
    );
    if (this.lastRecords === undefined || tick - this.lastRecords >= settings.recordsIntervalMs) {
      this.lastRecords = tick;
      const more = await this.reconcile(
        RECORD_KINDS,
        await this.recordFindings(rules, names, now, open),
        open,
        now,
      );
      counts.opened += more.opened;
      counts.resolved += more.resolved;
    }
    await this.notifier.notifyDue(rules);
    await this.daily.runIfDue({
      now,
      dailyAt: settings.dailyAt,
      rules,
      presences: () => this.tracker.values(),
      names,
    });
    return { changed: changed.length, ...counts };
  }

  private async recordFindings(
    rules: readonly AlertRule[],
    names: StoreNames,
    now: Date,
    open: readonly IncidentRow[],
  ) {
    const watching = (kind: AlertKind) => [
      ...new Set(rules.filter((r) => r.kinds.includes(kind)).map((r) => r.companyId)),
    ];
    const since = new Date(now.getTime() - RECORDS_LOOK_BACK_MS);
    const [jobs, reports, outcomes, schedules, media] = await Promise.all([
      watching('server-backup-failed').length ? this.records.jobsEndedSince(since) : [],
      this.records.sqlBackupReports(watching('sqlbackup-stale')),
      this.records.deliveryOutcomes(watching('message-delivery-failed'), since),
      this.records.failedSchedules(watching('media-schedule-failed')),
      this.mediaCounts.of(watching('media-near-limit')),
    ]);
    // A company the media server did not count keeps its open incident until it is counted.
    const uncounted = new Set(media.unknown);
    const keptNearLimit = open.filter(
      (i) => i.kind === 'media-near-limit' && uncounted.has(i.companyId),
    );
    return [
      ...keptNearLimit.map((i) => ({
        companyId: i.companyId,
        storeId: i.storeId ?? null,
        kind: i.kind,
        subject: i.subject,
        title: i.title,
        data: i.data ?? {},
      })),
      ...scheduleFindings(schedules, rules, names),
      ...mediaLimitFindings(media.counts, rules, names),
      ...jobFindings(jobs, rules, names),
      ...sqlBackupFindings(
        reports,
        rules,
        names,
        {
          reportIntervalMs: this.config.get('sqlBackupReportIntervalMs'),
        },
        now,
      ),
      ...deliveryFindings(outcomes, rules, names),
    ];
  }

  /**
   * Opens an incident for each finding that has none open, and resolves the open incidents of
   * these kinds that no finding names any more.
   */
  private async reconcile(
    kinds: readonly AlertKind[],
    findings: readonly Finding[],
    open: readonly IncidentRow[],
    now: Date,
  ): Promise<{ opened: number; resolved: number }> {
    const wanted = new Map(findings.map((f) => [openKeyOf(f.companyId, f.subject, f.kind), f]));
    const touched = new Set<number>();
    let opened = 0;
    let resolved = 0;
    for (const incident of open) {
      if (!kinds.includes(incident.kind) || wanted.has(incident.openKey)) continue;
      if (await this.incidents.resolve(incident._id, now)) {
        resolved++;
        touched.add(incident.companyId);
      }
    }
    const isOpen = new Set(open.map((i) => i.openKey));
    for (const [key, finding] of wanted) {
      if (isOpen.has(key)) continue;
      if (await this.incidents.open({ ...finding, openedAt: now })) {
        opened++;
        touched.add(finding.companyId);
      }
    }
    for (const companyId of touched) this.live.incidentsChanged(companyId);
    return { opened, resolved };
  }
}

function namesOf(
  companies: ReadonlyArray<{
    companyId: number;
    companyName: string;
    stores: ReadonlyArray<{ storeId: number; storeName: string }>;
  }>,
): StoreNames {
  const byId = new Map(companies.map((c) => [c.companyId, c]));
  const stores = new Map<string, string>();
  for (const c of companies)
    for (const s of c.stores) stores.set(`${c.companyId}:${s.storeId}`, s.storeName);
  return {
    companyName: (id) => byId.get(id)?.companyName ?? `Company ${id}`,
    storeName: (companyId, storeId) => stores.get(`${companyId}:${storeId}`) || `Store ${storeId}`,
  };
}
