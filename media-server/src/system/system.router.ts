import {
  API,
  healthOf,
  LIVE_HEALTH,
  type MediaHealth,
  MEDIA_API,
  type ServiceVersion,
} from '@store-cloud/contracts';
import { type RequestHandler, Router } from 'express';
import { freeBytes, isMediaRootWritable } from '../storage/media-root.storage';
import type { MediaStorage } from '../storage/media-storage';

/**
 * GET /version, GET /health/live and GET /health/ready (also as /health): public, the portal's
 * About modal and the orchestrator use them. Ready is 503 with the reasons when the media root
 * (where uploads are staged) or the storage (the same on disk; the bucket with S3) is not writable or has less than minFreeBytes free (an upload would fail with 507 soon), and says
 * how much is free; live only says the process answers.
 */
export function systemRouter(options: {
  version: string;
  mediaRoot: string;
  storage: MediaStorage;
  minFreeBytes: number;
}): Router {
  const router = Router();
  router.get(MEDIA_API.version, (_req, res) => {
    const body: ServiceVersion = { version: options.version };
    res.json(body);
  });
  router.get(API.healthLive, (_req, res) => void res.json(LIVE_HEALTH));
  const ready: RequestHandler = async (_req, res) => {
    const [root, bucket, free] = await Promise.all([
      isMediaRootWritable(options.mediaRoot),
      options.storage.kind === 'local' ? true : options.storage.isWritable(),
      freeBytes(options.mediaRoot).catch(() => undefined),
    ]);
    const storage = root && bucket;
    const health = healthOf({
      storage,
      disk: free !== undefined && free >= options.minFreeBytes,
    });
    const body: MediaHealth = {
      ...health,
      ...(free !== undefined
        ? { disk: { freeBytes: free, minFreeBytes: options.minFreeBytes } }
        : {}),
    };
    res.status(health.status === 'ok' ? 200 : 503).json(body);
  };
  router.get(API.healthReady, ready);
  router.get(API.health, ready);
  return router;
}
