import './tracing';
import type { Fleet } from '@store-cloud/contracts';
import { createApp } from './app';
import {
  boundUrl,
  createLogger,
  exitIfCannotListen,
  installGracefulShutdown,
  loadOrExit,
} from '@store-cloud/node-kit';
import { loadSimulatorConfig, type SimulatorConfig } from './config/simulator-config';
import { FleetFileError, loadFleet } from './fleet/fleet-source';
import { FleetState } from './fleet/fleet-state';
import { TentacleFleet } from './tentacle/tentacle-fleet';
import type { StorePlayers } from './player/player.router';

/** Configuration mistakes end the process with one readable message, not a stack trace. */
const orExit = <T>(load: () => T): T => loadOrExit('router-simulator', load, FleetFileError);

function main() {
  const config: SimulatorConfig = orExit(() => loadSimulatorConfig());
  const fleet: Fleet = orExit(() => loadFleet(config.fleetSource));
  const logger = createLogger(config.logLevel, 'router-simulator');
  const state = new FleetState(fleet);
  const players: StorePlayers = new Map();
  const tentacles = new TentacleFleet(state, {
    backendUrl: config.backendUrl,
    backendNodeUrls: config.backendNodeUrls,
    tentacleSecret: config.tentacleSecret,
    pingIntervalMs: config.tentaclePingIntervalMs,
    sqlBackupReportIntervalMs: config.sqlBackupReportIntervalMs,
    mediaPollIntervalMs: config.mediaPollIntervalMs,
    player: config.player,
    players,
    logger,
  });
  const app = createApp(state, logger, {
    backendUrl: config.backendUrl,
    portalOrigins: config.portalOrigins,
    players,
  });
  const server = app.listen(config.port, config.host, () => {
    logger.info(
      {
        fleet: config.fleetSource.kind,
        companies: state.companyCount,
        stores: state.storeCount,
        backendUrl: config.backendUrl,
        backendNodeUrls: config.backendNodeUrls,
      },
      `router simulator listening on ${boundUrl(server)}`,
    );
    tentacles.start();
  });
  exitIfCannotListen(server, logger);
  installGracefulShutdown(server, logger, { cleanups: [() => tentacles.stop()] });
}

main();
