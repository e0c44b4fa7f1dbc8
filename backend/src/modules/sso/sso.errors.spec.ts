import { ERROR_CODE, SSO_ERROR, SSO_TEXT } from '@store-cloud/contracts';
import { HTTP_STATUS_BY_CODE, type HttpErrorStatus, toErrorBody } from '@store-cloud/node-kit';
import { SSO_ERROR_CODE, SsoError } from './sso.errors';

/** Every code of single sign-on and its status (a new code fails the typecheck). */
const STATUS: Record<keyof typeof SSO_ERROR_CODE, HttpErrorStatus> = {
  notConfigured: 404,
  codeInvalid: 401,
  signInRefused: 401,
};

describe('SsoError', () => {
  it('answers each code with its status from HTTP_STATUS_BY_CODE', () => {
    for (const [name, code] of Object.entries(SSO_ERROR_CODE)) {
      const status = STATUS[name as keyof typeof SSO_ERROR_CODE];
      expect({ name, status: HTTP_STATUS_BY_CODE[code] }).toEqual({ name, status });
      expect(toErrorBody(new SsoError(code, 'Why')).status).toBe(status);
    }
  });

  it('answers the one-time code exchange with the spec’s texts', () => {
    expect(toErrorBody(SsoError.notConfigured())).toEqual({
      status: 404,
      body: { code: ERROR_CODE.notFound, message: SSO_TEXT.notConfigured },
    });
    expect(toErrorBody(SsoError.codeInvalid())).toEqual({
      status: 401,
      body: { code: ERROR_CODE.unauthenticated, message: SSO_TEXT.codeInvalid },
    });
  });

  it('carries the reason of a refused sign-in, and only of that', () => {
    for (const reason of Object.values(SSO_ERROR)) {
      const error = SsoError.signInRefused(reason);
      expect(SsoError.reasonOf(error)).toBe(reason);
      expect(error.message).toBe(SSO_TEXT.errors[reason]);
    }
    expect(SsoError.reasonOf(SsoError.codeInvalid())).toBeUndefined();
    expect(SsoError.reasonOf(new Error('provider_unavailable'))).toBeUndefined();
  });
});
