import path from 'node:path';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io-client';
import type { SimulatorConfig } from '../config/simulator-config';
import type { FleetState } from '../fleet/fleet-state';
import { PlayOutbox } from './play-outbox';
import { StorePlayer } from './store-player';

/** A store's reference player with its outbox file, playing from now on. */
export function startStorePlayer(
  socket: Socket,
  state: FleetState,
  config: NonNullable<SimulatorConfig['player']>,
  store: { companyId: number; storeId: number; logger: Logger },
): StorePlayer {
  const outbox = new PlayOutbox(
    path.join(config.outboxDir, `${store.companyId}-${store.storeId}.json`),
  );
  const player = new StorePlayer(socket, state, outbox, {
    ...store,
    reportIntervalMs: config.reportIntervalMs,
    playMs: config.playMs,
  });
  player.start();
  return player;
}
