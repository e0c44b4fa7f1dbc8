import type { Logger } from 'pino';
import {
  DEFAULT_MEDIA_POLL_INTERVAL_MS,
  DEFAULT_SQL_BACKUP_REPORT_INTERVAL_MS,
  type SimulatorConfig,
} from '../config/simulator-config';
import { startStorePlayer } from '../player/start-store-player';
import type { StorePlayers } from '../player/player.router';
import { type FleetState, storeKey } from '../fleet/fleet-state';
import { StoreReporter } from '../reports/store-reporter';
import { attachScreenshots } from '../screenshot/screenshots';
import { attachSiteApi } from '../site-api/site-api';
import { StoreTentacle } from './store-tentacle';
import { deriveTentacleSecret } from './tentacle-secret';

export interface TentacleFleetOptions {
  backendUrl: string;
  /** API nodes the tentacles are spread over, store by store (default: backendUrl alone). */
  backendNodeUrls?: string[];
  tentacleSecret: string;
  pingIntervalMs: number;
  logger: Logger;
  /** SQL backup reports while connected (default 5 minutes). */
  sqlBackupReportIntervalMs?: number;
  /** Active media fetches while connected (default 1 minute; 0: never). */
  mediaPollIntervalMs?: number;
  /** The stores' reference players (proof of play): off when not given. */
  player?: SimulatorConfig['player'];
  /** Where the players are kept, for the control API. */
  players?: StorePlayers;
}

/** Stores started per step, so thousands of stores do not all knock at once. */
const START_BATCH = 100;
const START_STEP_MS = 50;

/** A tentacle per simulated store, connected while the store is online in the fleet state. */
export class TentacleFleet {
  private readonly tentacles = new Map<string, StoreTentacle>();
  private readonly reporters = new Map<string, StoreReporter>();
  private readonly startTimers: NodeJS.Timeout[] = [];

  constructor(
    private readonly state: FleetState,
    private readonly options: TentacleFleetOptions,
  ) {
    const nodes = options.backendNodeUrls?.length ? options.backendNodeUrls : [options.backendUrl];
    let index = 0;
    for (const company of state.fleet.companies) {
      for (const store of company.stores) {
        const key = storeKey(company.companyId, store.storeId);
        const secret = deriveTentacleSecret(
          options.tentacleSecret,
          company.companyId,
          store.storeId,
        );
        this.tentacles.set(
          key,
          new StoreTentacle({
            // As a load balancer would: every node holds its share of the stores.
            backendUrl: nodes[index++ % nodes.length]!,
            companyId: company.companyId,
            storeId: store.storeId,
            secret,
            tentacleVersion: store.versions.tentacle,
            pingIntervalMs: options.pingIntervalMs,
            logger: options.logger,
            attach: (socket) => {
              attachSiteApi(socket, company.companyId, store, state);
              attachScreenshots(socket, company.companyId, store, state, options.logger);
              this.reporters.set(
                key,
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
              if (options.player && options.players)
                options.players.set(
                  key,
                  startStorePlayer(socket, state, options.player, {
                    companyId: company.companyId,
                    storeId: store.storeId,
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
      void this.reporters.get(storeKey(companyId, storeId))?.reportSqlBackup();
    });
    state.onChange(({ companyId, storeId, online }) => {
      const tentacle = this.tentacles.get(storeKey(companyId, storeId));
      if (online) tentacle?.connect();
      else tentacle?.disconnect();
    });
  }

  start(): void {
    let i = 0;
    for (const { companyId, stores } of this.state.fleet.companies) {
      for (const { storeId } of stores) {
        const tentacle = this.tentacles.get(storeKey(companyId, storeId))!;
        const timer = setTimeout(
          () => this.state.isOnline(companyId, storeId) && tentacle.connect(),
          Math.floor(i++ / START_BATCH) * START_STEP_MS,
        );
        this.startTimers.push(timer);
      }
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
    for (const p of this.options.players?.values() ?? []) p.stop();
  }
}
