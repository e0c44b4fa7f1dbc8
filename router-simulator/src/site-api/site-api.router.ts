import { SITE_API, storePathOf } from '@store-cloud/contracts';
import { type Request, Router } from 'express';
import { NotFoundError } from '@store-cloud/node-kit';
import type { FleetState } from '../fleet/fleet-state';
import { answer } from './site-api';

/**
 * The site API as a store's router answers it on the store's own network: GET and POST
 * /api/v1/*?c=&s= straight to the simulated store, without the cloud. The relay benchmark
 * compares the cloud's relay with this direct call.
 */
export function siteApiRouter(state: FleetState): Router {
  const router = Router();
  router.all(`${SITE_API.relayPrefix}/*path`, (req: Request, res) => {
    const [c, s] = [Number(req.query.c), Number(req.query.s)];
    const store = state.fleet.companies
      .find((company) => company.companyId === c)
      ?.stores.find((st) => st.storeId === s);
    if (!store) throw new NotFoundError(`No store ${s} in company ${c}`);
    const query = Object.fromEntries(
      Object.entries(req.query).filter(([, v]) => typeof v === 'string'),
    ) as Record<string, string>;
    const reply = answer(
      store,
      {
        method: req.method,
        path: storePathOf(req.path),
        query,
        body: req.method === 'GET' ? undefined : req.body,
      },
      { companyId: c, state },
    );
    res.status(reply.status).json(reply.body);
  });
  return router;
}
