import {
  ACCESS_TOKEN_HEADER,
  canAdministerMedia,
  canUse,
  MEDIA_SERVER_TEXT,
  type TokenInfo,
} from '@store-cloud/contracts';
import { ForbiddenError, UnauthenticatedError } from '@store-cloud/node-kit';
import type { RequestHandler, Response } from 'express';
import { companyIdOfFolder } from '../folders/media-paths';
import type { TokenVerifier } from './token-verifier';

export interface Caller {
  token: string;
  info: TokenInfo;
}

/**
 * Every media call: a token the backend accepts, of an enabled user who has the Central Media
 * Server application. The caller lands in res.locals.caller.
 */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
    try {
      const token = req.header(ACCESS_TOKEN_HEADER);
      if (!token) throw new UnauthenticatedError('An access token is required');
      const info = await verifier.verify(token);
      if (!info) throw new UnauthenticatedError('The access token is not valid');
      if (!canUse('media', info)) throw new ForbiddenError(MEDIA_SERVER_TEXT.noMediaPermission);
      res.locals.caller = { token, info } satisfies Caller;
      next();
    } catch (error) {
      next(error);
    }
  };
}

export const callerOf = (res: Response): Caller => res.locals.caller as Caller;

/** The company folder's trailing id must be one of the caller's companies (or the caller sees all). */
export function requireCompanyAccess(res: Response, folder: string): void {
  const companyId = companyIdOfFolder(folder);
  const { access } = callerOf(res).info;
  if (!access.all && !access.companyIds.includes(companyId))
    throw new ForbiddenError(MEDIA_SERVER_TEXT.noAccessToCompany(folder));
}

/** Creating and removing company and tag folders: Central Media Administration only. */
export function requireMediaAdmin(res: Response): void {
  if (!canAdministerMedia(callerOf(res).info.usertype))
    throw new ForbiddenError(MEDIA_SERVER_TEXT.adminOnly);
}
