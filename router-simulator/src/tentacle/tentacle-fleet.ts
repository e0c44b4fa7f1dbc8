import type { Fleet } from '@store-cloud/contracts';
import type { Logger } from 'pino';
import type { FleetState } from '../fleet/fleet-state';
import { StoreReporter } from '../reports/store-reporter';
import { attachSiteApi } from '../site-api/site-api';
import { StoreTentacle } from './store-tentacle';
import { deriveTentacleSecret } from './tentacle-secret';

export interface TentacleFleetOptions {
  backendUrl: string;
  tentacleSecret: string;
  pingIntervalMs: number;
  logger: Logger;
  /** SQL backup reports while connected (default 5 minutes). */
  sqlBackupReportIntervalMs?: number;
  /** Active media fetches while connected (default 1 minute; 0: never). */
  mediaPollIntervalMs?: number;
}

export const DEFAULT_SQL_BACKUP_REPORT_INTERVAL_MS = 300_000;
export const DEFAULT_MEDIA_POLL_INTERVAL_MS = 60_000;

const key = (companyId: number, storeId: number) => `${companyId}/${storeId}`;
/** Stores started per step, so thousands of stores do not all knock at once. */
const START_BATCH = 100;
const START_STEP_MS = 50;

/** A tentacle per simulated store, connected while the store is online in the fleet state. */
export class TentacleFleet {
  private readonly tentacles = new Map<string, StoreTentacle>();
  private readonly reporters = new Map<string, StoreReporter>();
  private readonly startTimers: NodeJS.Timeout[] = [];

  constructor(
    fleet: Fleet,
    private readonly state: FleetState,
    options: TentacleFleetOptions,
  ) {
    for (const company of fleet.companies) {
      for (const store of company.stores) {
        const storeKey = key(company.companyId, store.storeId);
        const secret = deriveTentacleSecret(
          options.tentacleSecret,
          company.companyId,
          store.storeId,
        );
        this.tentacles.set(
          storeKey,
          new StoreTentacle({
            backendUrl: options.backendUrl,
            companyId: company.companyId,
            storeId: store.storeId,
            secret,
            tentacleVersion: store.versions.tentacle,
            pingIntervalMs: options.pingIntervalMs,
            logger: options.logger,
            attach: (socket) => {
              attachSiteApi(socket, company.companyId, store, state);
              this.reporters.set(
                storeKey,
                new StoreReporter(socket, state, {
                  backendUrl: options.backendUrl,
                  companyId: company.companyId,
                  storeId: store.storeId,
                  secret,
                  sqlBackupReportIntervalMs:
                    options.sqlBackupReportIntervalMs ?? DEFAULT_SQL_BACKUP_REPORT_INTERVAL_MS,
                  mediaPollIntervalMs:
                    options.mediaPollIntervalMs ?? DEFAULT_MEDIA_POLL_INTERVAL_MS,
                  logger: options.logger,
                }),
              );
            },
          }),
        );
      }
    }
    // A store whose installations change (control API) reports them at once.
    state.onSqlBackupChange((companyId, storeId) => {
      void this.reporters.get(key(companyId, storeId))?.reportSqlBackup();
    });
    state.onChange(({ companyId, storeId, online }) => {
      const tentacle = this.tentacles.get(key(companyId, storeId));
      if (online) tentacle?.connect();
      else tentacle?.disconnect();
    });
  }

  start(): void {
    let i = 0;
    for (const [storeKey, tentacle] of this.tentacles) {
      const [companyId, storeId] = storeKey.split('/').map(Number) as [number, number];
      const timer = setTimeout(
        () => this.state.isOnline(companyId, storeId) && tentacle.connect(),
        Math.floor(i++ / START_BATCH) * START_STEP_MS,
      );
      this.startTimers.push(timer);
    }
  }

  get connectedCount(): number {
    let n = 0;
    for (const t of this.tentacles.values()) if (t.connected) n++;
    return n;
  }

  stop(): void {
    for (const timer of this.startTimers.splice(0)) clearTimeout(timer);
    for (const t of this.tentacles.values()) t.disconnect();
    for (const r of this.reporters.values()) r.stop();
  }
}
