import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERROR_CODE, USER_TYPE, type UserAccess } from '@store-cloud/contracts';
import type { AuthenticatedUser } from './authenticated-user';
import { AccessGuard, RequireAllCompanies, RequireSomeCompany } from './require-access';

class Routes {
  @RequireAllCompanies('Only for all companies')
  all() {}

  @RequireSomeCompany('You have no company to give')
  some() {}

  open() {}
}

const NO_COMPANY: UserAccess = { all: false, companies: [] };
const ONE_COMPANY: UserAccess = {
  all: false,
  companies: [{ companyId: 101, companyName: 'North', stores: [] }],
};
const EVERYTHING: UserAccess = { all: true, companies: [] };

/** Whether AccessGuard lets `access` call the route; the refusal's status, code and message. */
function call(route: keyof Routes, access?: UserAccess) {
  const user = access && ({ usertype: USER_TYPE.ADMIN, access } as AuthenticatedUser);
  const context = {
    getHandler: () => Routes.prototype[route],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
  try {
    return new AccessGuard(new Reflector()).canActivate(context);
  } catch (error) {
    const { status, code, message } = error as { status: number; code: string; message: string };
    return { status, code, message };
  }
}

describe('AccessGuard', () => {
  it('lets only a caller with access to all companies through @RequireAllCompanies', () => {
    expect(call('all', EVERYTHING)).toBe(true);
    expect(call('all', ONE_COMPANY)).toEqual({
      status: 403,
      code: ERROR_CODE.forbidden,
      message: 'Only for all companies',
    });
  });

  it('lets a caller with access to all or to at least one company through @RequireSomeCompany', () => {
    expect(call('some', EVERYTHING)).toBe(true);
    expect(call('some', ONE_COMPANY)).toBe(true);
    expect(call('some', NO_COMPANY)).toEqual({
      status: 403,
      code: ERROR_CODE.forbidden,
      message: 'You have no company to give',
    });
  });

  it('wants a caller on a declared route, and leaves the others alone', () => {
    expect(call('some')).toMatchObject({ status: 401, code: ERROR_CODE.unauthenticated });
    expect(call('open')).toBe(true);
  });
});
