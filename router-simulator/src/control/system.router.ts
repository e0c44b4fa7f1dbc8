import { type Health, type ServiceVersion, SIMULATOR_API } from '@store-cloud/contracts';
import { Router } from 'express';

/** GET /version and GET /health: the launcher and the orchestrator wait on /health. */
export function systemRouter(options: { version: string }): Router {
  const router = Router();
  router.get(SIMULATOR_API.version, (_req, res) => {
    const body: ServiceVersion = { version: options.version };
    res.json(body);
  });
  router.get(SIMULATOR_API.health, (_req, res) => {
    // The fleet is loaded before the app exists; the tentacle connections will add their check.
    const body: Health = { status: 'ok', checks: { fleet: 'up' } };
    res.json(body);
  });
  return router;
}
