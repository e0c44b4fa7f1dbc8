import { type Health, type ServiceVersion, SIMULATOR_API } from '@store-cloud/contracts';
import { Router } from 'express';

/**
 * GET /version and GET /health, /health/live, /health/ready: the launcher and the orchestrator
 * wait on ready. The simulator needs nothing else to serve (its tentacles reconnect by themselves
 * while the backend is away), so ready is live.
 */
export function systemRouter(options: { version: string }): Router {
  const router = Router();
  router.get(SIMULATOR_API.version, (_req, res) => {
    const body: ServiceVersion = { version: options.version };
    res.json(body);
  });
  // The fleet is loaded before the app exists.
  const body: Health = { status: 'ok', checks: { fleet: 'up' } };
  for (const path of [SIMULATOR_API.health, SIMULATOR_API.healthLive, SIMULATOR_API.healthReady]) {
    router.get(path, (_req, res) => void res.json(body));
  }
  return router;
}
