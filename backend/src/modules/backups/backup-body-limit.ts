import { JwtService } from '@nestjs/jwt';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ACCESS_TOKEN_HEADER, BACKUP_API, BACKUP_KEY_HEADER } from '@store-cloud/contracts';
import express, { type NextFunction, type Request, type Response } from 'express';
import { BackupClient, sameSecret } from './backup-client';

/** A whole database travels in these bodies; every other route keeps the default 100 kB. */
export const BACKUP_BODY_LIMIT = '256mb';

/**
 * The large limit applies only to callers who prove who they are before the body is read (the
 * backup key, or a valid access token); anyone else meets the default parser and its 100 kB.
 * The route's guard still decides whether the caller may restore or store at all.
 */
export function useBackupBodyLimit(app: NestExpressApplication): void {
  const parse = express.json({ limit: BACKUP_BODY_LIMIT });
  const client = app.get(BackupClient);
  const jwt = app.get(JwtService, { strict: false });
  const identified = (req: Request) => {
    const key = req.headers[BACKUP_KEY_HEADER];
    if (typeof key === 'string') return sameSecret(key, client.key);
    const token = req.headers[ACCESS_TOKEN_HEADER];
    if (typeof token !== 'string') return false;
    try {
      jwt.verify(token, { algorithms: ['HS256'] });
      return true;
    } catch {
      return false;
    }
  };
  // Wrapped, so Nest does not take it for its own global 'jsonParser' and skip that one.
  app.use(
    [BACKUP_API.systemBackup, BACKUP_API.storeBackup],
    (req: Request, res: Response, next: NextFunction) =>
      identified(req) ? parse(req, res, next) : next(),
  );
}
