import { API, type MediaHealth, MEDIA_API, type ServiceVersion } from '@store-cloud/contracts';
import { Router } from 'express';
import { freeBytes, isMediaRootWritable } from '../storage/media-root.storage';

/**
 * GET /version and GET /health: public, the portal's About modal and the orchestrator use them.
 * /health is 503 when the media root is not writable or has less than minFreeBytes free (an
 * upload would fail with 507 soon), and says how much is free.
 */
export function systemRouter(options: {
  version: string;
  mediaRoot: string;
  minFreeBytes: number;
}): Router {
  const router = Router();
  router.get(MEDIA_API.version, (_req, res) => {
    const body: ServiceVersion = { version: options.version };
    res.json(body);
  });
  router.get(API.health, async (_req, res) => {
    const [writable, free] = await Promise.all([
      isMediaRootWritable(options.mediaRoot),
      freeBytes(options.mediaRoot).catch(() => undefined),
    ]);
    const storage = writable ? 'up' : 'down';
    const disk = free !== undefined && free >= options.minFreeBytes ? 'up' : 'down';
    const ok = storage === 'up' && disk === 'up';
    const body: MediaHealth = {
      status: ok ? 'ok' : 'error',
      checks: { storage, disk },
      ...(free !== undefined
        ? { disk: { freeBytes: free, minFreeBytes: options.minFreeBytes } }
        : {}),
    };
    res.status(ok ? 200 : 503).json(body);
  });
  return router;
}
