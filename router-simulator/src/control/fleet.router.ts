import {
  SIMULATOR_API,
  type SimulatedSqlBackup,
  simulatedMediaFailSchema,
  simulatedSlowSchema,
  simulatedSqlBackupSchema,
} from '@store-cloud/contracts';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { NotFoundError, parseOr400, ValidationFailedError } from '@store-cloud/node-kit';
import type { FleetState } from '../fleet/fleet-state';

const storeParamsSchema = z.object({
  companyId: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number),
  storeId: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number),
});

const storeParams = (req: Request): { companyId: number; storeId: number } =>
  parseOr400(storeParamsSchema, req.params);

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
      if (!state) throw noStore(companyId, storeId);
      res.json(state);
    });
  }
  router.post(SIMULATOR_API.storeSlow(':companyId', ':storeId'), (req, res) => {
    const { companyId, storeId } = storeParams(req);
    const body = simulatedSlowSchema.safeParse(req.body);
    if (!body.success) throw new ValidationFailedError('delayMs: 0 to 600000');
    if (!fleet.setDelay(companyId, storeId, body.data.delayMs)) throw noStore(companyId, storeId);
    res.json({ companyId, storeId, delayMs: body.data.delayMs });
  });
  router.post(SIMULATOR_API.storeMediaFail(':companyId', ':storeId'), (req, res) => {
    const { companyId, storeId } = storeParams(req);
    const body = parseOr400(simulatedMediaFailSchema, req.body, 'reason: a text or null');
    if (!fleet.setMediaRefusal(companyId, storeId, body.reason)) throw noStore(companyId, storeId);
    res.json({ companyId, storeId, reason: body.reason });
  });
  router.get(SIMULATOR_API.storeMessages(':companyId', ':storeId'), (req, res) => {
    const { companyId, storeId } = storeParams(req);
    const messages = fleet.messagesOf(companyId, storeId);
    if (!messages) throw noStore(companyId, storeId);
    res.json(messages);
  });
  router.get(SIMULATOR_API.storeMessenger(':companyId', ':storeId'), (req, res) => {
    const { companyId, storeId } = storeParams(req);
    const messenger = fleet.messengerOf(companyId, storeId);
    if (!messenger) throw noStore(companyId, storeId);
    res.json(messenger.view());
  });
  router.get(SIMULATOR_API.storeSqlBackup(':companyId', ':storeId'), (req, res) => {
    const { companyId, storeId } = storeParams(req);
    const installations = fleet.sqlBackupOf(companyId, storeId);
    if (!installations) throw noStore(companyId, storeId);
    res.json({ installations } satisfies SimulatedSqlBackup);
  });
  router.put(SIMULATOR_API.storeSqlBackup(':companyId', ':storeId'), (req, res) => {
    const { companyId, storeId } = storeParams(req);
    const body = parseOr400(simulatedSqlBackupSchema, req.body, 'Not a list of installations');
    if (!fleet.setSqlBackup(companyId, storeId, body.installations))
      throw noStore(companyId, storeId);
    res.json(body);
  });
  router.get(SIMULATOR_API.storeMedia(':companyId', ':storeId'), (req, res) => {
    const { companyId, storeId } = storeParams(req);
    const media = fleet.mediaOf(companyId, storeId);
    if (!media) throw noStore(companyId, storeId);
    res.json(media);
  });
  return router;
}

const noStore = (companyId: number, storeId: number) =>
  new NotFoundError(`No store ${storeId} in company ${companyId}`);
