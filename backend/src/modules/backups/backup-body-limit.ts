import type { NestExpressApplication } from '@nestjs/platform-express';
import { BACKUP_API } from '@store-cloud/contracts';
import express, { type NextFunction, type Request, type Response } from 'express';

/** A whole database travels in these bodies; every other route keeps the default 100 kB. */
export const BACKUP_BODY_LIMIT = '256mb';

export function useBackupBodyLimit(app: NestExpressApplication): void {
  const parse = express.json({ limit: BACKUP_BODY_LIMIT });
  // Wrapped, so Nest does not take it for its own global 'jsonParser' and skip that one.
  app.use(
    [BACKUP_API.systemBackup, BACKUP_API.storeBackup],
    (req: Request, res: Response, next: NextFunction) => parse(req, res, next),
  );
}
