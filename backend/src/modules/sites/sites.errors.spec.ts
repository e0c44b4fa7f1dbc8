import { ERROR_CODE, SITE_ERROR_CODE } from '@store-cloud/contracts';
import { HTTP_STATUS_BY_CODE, type HttpErrorStatus, toErrorBody } from '@store-cloud/node-kit';
import { SITES_ERROR_CODE, SiteError } from './sites.errors';

/** Every code of the sites domain and the status a client gets (a new code fails the typecheck). */
const STATUS: Record<keyof typeof SITES_ERROR_CODE, HttpErrorStatus> = {
  connectionClosed: 401,
  connectionClosedByAdmin: 401,
  loginFailed: 401,
  storeOffline: 409,
  notConnected: 409,
  storeTimeout: 504,
  outcomeUnknown: 504,
  methodNotAllowed: 405,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  invalid: 400,
};

describe('SiteError', () => {
  it('answers each code with its status from HTTP_STATUS_BY_CODE', () => {
    for (const [name, code] of Object.entries(SITES_ERROR_CODE)) {
      const status = STATUS[name as keyof typeof SITES_ERROR_CODE];
      expect({ name, status: HTTP_STATUS_BY_CODE[code] }).toEqual({ name, status });
      expect(toErrorBody(new SiteError(code, 'Why')).status).toBe(status);
    }
  });

  it('refuses access with 403 and bad input with 400, never the other way round', () => {
    expect(toErrorBody(SiteError.forbidden('No')).body).toEqual({
      code: ERROR_CODE.forbidden,
      message: 'No',
    });
    expect(toErrorBody(SiteError.invalid('Bad')).body).toEqual({
      code: ERROR_CODE.validation,
      message: 'Bad',
    });
  });

  it('keeps the store connection codes and texts of the contract', () => {
    expect(toErrorBody(SiteError.storeOffline(7, 3))).toEqual({
      status: 409,
      body: { code: SITE_ERROR_CODE.storeOffline, message: 'Store 3 of company 7 is not online' },
    });
    expect(toErrorBody(SiteError.storeTimeout(7, 3)).body.code).toBe(SITE_ERROR_CODE.storeTimeout);
  });

  it('tells a code of its own from another error', () => {
    expect(SiteError.is(SiteError.storeTimeout(7, 3), SITES_ERROR_CODE.storeTimeout)).toBe(true);
    expect(SiteError.is(SiteError.storeOffline(7, 3), SITES_ERROR_CODE.storeTimeout)).toBe(false);
    expect(SiteError.is(new Error('timed out'), SITES_ERROR_CODE.storeTimeout)).toBe(false);
  });
});
