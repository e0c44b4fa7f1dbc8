import { ERROR_CODE, MFA_TEXT } from '@store-cloud/contracts';
import { HTTP_STATUS_BY_CODE, type HttpErrorStatus, toErrorBody } from '@store-cloud/node-kit';
import { ACCESS_ERROR_CODE, AccessError } from './access.errors';

/** Every code of the guards and its status (a new code fails the typecheck). */
const STATUS: Record<keyof typeof ACCESS_ERROR_CODE, HttpErrorStatus> = {
  unauthenticated: 401,
  forbidden: 403,
  mfaEnrolmentRequired: 403,
};

describe('AccessError', () => {
  it('answers each code with its status from HTTP_STATUS_BY_CODE', () => {
    for (const [name, code] of Object.entries(ACCESS_ERROR_CODE)) {
      const status = STATUS[name as keyof typeof ACCESS_ERROR_CODE];
      expect({ name, status: HTTP_STATUS_BY_CODE[code] }).toEqual({ name, status });
      expect(toErrorBody(new AccessError(code, 'Why')).status).toBe(status);
    }
  });

  it('words a refusal as before: its message, else the defaults', () => {
    expect(toErrorBody(AccessError.forbidden()).body).toEqual({
      code: ERROR_CODE.forbidden,
      message: 'Not allowed',
    });
    expect(toErrorBody(AccessError.unauthenticated()).body).toEqual({
      code: ERROR_CODE.unauthenticated,
      message: 'Authentication required',
    });
    expect(toErrorBody(AccessError.mfaEnrolmentRequired())).toEqual({
      status: 403,
      body: { code: ERROR_CODE.mfaEnrolmentRequired, message: MFA_TEXT.enrolmentRequired },
    });
  });
});
