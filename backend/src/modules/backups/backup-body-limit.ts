import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  ACCESS_TOKEN_HEADER,
  BACKUP_API,
  BACKUP_KEY_HEADER,
  canUse,
  ERROR_CODE,
} from '@store-cloud/contracts';
import { requestIdOf } from '@store-cloud/node-kit';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AccessTokenService } from '../auth';
import { sameSecret } from '../../common/auth/same-secret';
import { BackupClient } from './backup-client';

/** A whole database travels in these bodies; every other route keeps the default 100 kB. */
export const BACKUP_BODY_LIMIT = 256 * 1024 * 1024;
/** body-parser's default, which Nest's own JSON and form parsers use. */
const DEFAULT_LIMIT_BYTES = 100 * 1024;
const BACKUP_ROUTES: string[] = [BACKUP_API.systemBackup, BACKUP_API.storeBackup];

/**
 * 413 at once for a body declared larger than the caller may send. Not handed to body-parser,
 * which reads (and discards) a refused body to its end before it answers; the connection is
 * closed instead, so the rest is never read.
 */
function refuseUnread(req: Request, res: Response): void {
  res
    .status(413)
    .set('connection', 'close')
    .json({
      code: ERROR_CODE.validation,
      message: 'The request body is too large',
      requestId: requestIdOf(req, res),
    });
}

const declaredLength = (req: Request) => Number(req.headers['content-length'] ?? 0) || 0;

/**
 * The large limit applies only to callers who prove before the body is read that they may use
 * the route: another backup server with the backup key, or a user whose token is valid and who
 * may use server backup. Anyone else meets the default parser and its 100 kB, which refuses a
 * larger declared body with 413 without reading it. The route's guard still decides.
 */
export function useBackupBodyLimit(app: NestExpressApplication): void {
  const parse = express.json({ limit: BACKUP_BODY_LIMIT });
  const client = app.get(BackupClient);
  const tokens = app.get(AccessTokenService, { strict: false });
  const allowed = async (req: Request): Promise<boolean> => {
    const key = req.headers[BACKUP_KEY_HEADER];
    if (typeof key === 'string') return sameSecret(key, client.key);
    const token = req.headers[ACCESS_TOKEN_HEADER];
    if (typeof token !== 'string') return false;
    try {
      return canUse('backup', await tokens.verify(token));
    } catch {
      return false;
    }
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (declaredLength(req) <= DEFAULT_LIMIT_BYTES || BACKUP_ROUTES.includes(req.path)) {
      return next();
    }
    refuseUnread(req, res);
  });
  // Wrapped, so Nest does not take it for its own global 'jsonParser' and skip that one.
  app.use(BACKUP_ROUTES, (req: Request, res: Response, next: NextFunction) => {
    void allowed(req).then((ok) => {
      // Over even the large limit: refused unread too (body-parser would read it all first).
      if (ok && declaredLength(req) > BACKUP_BODY_LIMIT) refuseUnread(req, res);
      else if (ok) parse(req, res, next);
      else if (declaredLength(req) > DEFAULT_LIMIT_BYTES) refuseUnread(req, res);
      else next();
    });
  });
}
