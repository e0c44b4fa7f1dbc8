import { ERROR_CODE, SITE_ERROR_CODE } from '@store-cloud/contracts';
import { toErrorBody } from './error-body';
import {
  CodedError,
  type ErrorCode,
  HTTP_STATUS_BY_CODE,
  type HttpErrorStatus,
} from './http-errors';

describe('HTTP_STATUS_BY_CODE', () => {
  const codes: ErrorCode[] = [...Object.values(ERROR_CODE), ...Object.values(SITE_ERROR_CODE)];

  it('gives every code exactly one status, and names no code that does not exist', () => {
    expect(Object.keys(HTTP_STATUS_BY_CODE).sort()).toEqual([...new Set(codes)].sort());
    for (const code of codes) {
      expect(HTTP_STATUS_BY_CODE[code]).toBeGreaterThanOrEqual(400);
      expect(HTTP_STATUS_BY_CODE[code]).toBeLessThan(600);
    }
  });

  it('answers bad input 400, refusals 403, and an upstream off its schema or refusing 502', () => {
    const expected: Partial<Record<ErrorCode, HttpErrorStatus>> = {
      [ERROR_CODE.validation]: 400,
      [ERROR_CODE.unauthenticated]: 401,
      [ERROR_CODE.forbidden]: 403,
      [ERROR_CODE.mfaEnrolmentRequired]: 403,
      [ERROR_CODE.notFound]: 404,
      [ERROR_CODE.upstreamRefused]: 502,
      [ERROR_CODE.upstreamInvalid]: 502,
      [ERROR_CODE.unavailable]: 503,
      [SITE_ERROR_CODE.storeTimeout]: 504,
      [ERROR_CODE.insufficientStorage]: 507,
    };
    expect(HTTP_STATUS_BY_CODE).toMatchObject(expected);
  });

  it('is the status a CodedError answers with', () => {
    for (const code of codes) {
      expect(toErrorBody(new CodedError(code, 'Why')).status).toBe(HTTP_STATUS_BY_CODE[code]);
    }
  });
});
