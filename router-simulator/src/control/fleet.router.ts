import { ERROR_CODE, SIMULATOR_API } from '@store-cloud/contracts';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { HttpError } from '@store-cloud/node-kit';
import type { FleetState } from '../fleet/fleet-state';

const storeParamsSchema = z.object({
  companyId: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number),
  storeId: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number),
});

function storeParams(req: Request): { companyId: number; storeId: number } {
  const result = storeParamsSchema.safeParse(req.params);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  throw new HttpError(
    400,
    ERROR_CODE.validation,
    issues.map((i) => `${i.path}: ${i.message}`).join('; '),
    issues,
  );
}

/** GET /fleet, and taking a store offline or back online (to test how the cloud reacts). */
export function fleetRouter(fleet: FleetState): Router {
  const router = Router();
  router.get(SIMULATOR_API.fleet, (_req, res) => {
    res.json(fleet.view());
  });
  for (const online of [false, true]) {
    const route = online ? SIMULATOR_API.storeOnline : SIMULATOR_API.storeOffline;
    const path = route(':companyId', ':storeId');
    router.post(path, (req, res) => {
      const { companyId, storeId } = storeParams(req);
      const state = fleet.setOnline(companyId, storeId, online);
      if (!state) {
        throw new HttpError(
          404,
          ERROR_CODE.notFound,
          `No store ${storeId} in company ${companyId}`,
        );
      }
      res.json(state);
    });
  }
  return router;
}
