import { API, type Health, MEDIA_API, type ServiceVersion } from '@store-cloud/contracts';
import { Router } from 'express';
import { isMediaRootWritable } from '../storage/media-root.storage';

/** GET /version and GET /health: public, the portal's About modal and the orchestrator use them. */
export function systemRouter(options: { version: string; mediaRoot: string }): Router {
  const router = Router();
  router.get(MEDIA_API.version, (_req, res) => {
    const body: ServiceVersion = { version: options.version };
    res.json(body);
  });
  router.get(API.health, async (_req, res) => {
    const storage = (await isMediaRootWritable(options.mediaRoot)) ? 'up' : 'down';
    const body: Health = { status: storage === 'up' ? 'ok' : 'error', checks: { storage } };
    res.status(storage === 'up' ? 200 : 503).json(body);
  });
  return router;
}
