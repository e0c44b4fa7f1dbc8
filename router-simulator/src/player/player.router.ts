import { simulatorPlaysPath } from '@store-cloud/contracts';
import { Router } from 'express';
import { NotFoundError } from '@store-cloud/node-kit';
import { storeKey } from '../fleet/fleet-state';
import type { StorePlayer } from './store-player';

/** The players of the stores, by store key; empty while the player is off. */
export type StorePlayers = Map<string, StorePlayer>;

/** GET a store's play tallies (tests compare them with the cloud's roll-ups). */
export function playerRouter(players: StorePlayers): Router {
  const router = Router();
  router.get(simulatorPlaysPath(':companyId', ':storeId'), (req, res) => {
    const player = players.get(storeKey(Number(req.params.companyId), Number(req.params.storeId)));
    if (!player)
      throw new NotFoundError('No player for this store (PLAYER_REPORT_INTERVAL_MS unset)');
    res.json(player.stats);
  });
  return router;
}
