import {
  assignableUserTypes,
  canAssignUserType,
  canDeleteUsers,
  canGrantAccess,
  canManageUser,
  hasCompanyInScope,
  hasStoreAccess,
  isUserInScope,
  storeAccessOf,
  visibleUserTypes,
} from './permissions';
import type { UserAccess } from './schemas/user.schema';
import { USER_TYPE } from './user-types';

const { TLM, BASIC, SUPPORT_ADMIN, ADMIN, SUPER_ADMIN } = USER_TYPE;

describe('user administration permissions (spec §6)', () => {
  it('lets each admin type see the spec list and others none', () => {
    expect(visibleUserTypes(SUPER_ADMIN)).toEqual([TLM, BASIC, SUPPORT_ADMIN, ADMIN, SUPER_ADMIN]);
    expect(visibleUserTypes(ADMIN)).not.toContain(SUPER_ADMIN);
    expect(visibleUserTypes(SUPPORT_ADMIN)).toEqual([TLM, BASIC, SUPPORT_ADMIN]);
    expect(visibleUserTypes(BASIC)).toEqual([]);
    expect(visibleUserTypes(TLM)).toEqual([]);
  });

  it('assigns only types at or below one own', () => {
    expect(canAssignUserType(ADMIN, SUPER_ADMIN)).toBe(false);
    expect(canAssignUserType(ADMIN, ADMIN)).toBe(true);
    expect(canAssignUserType(SUPPORT_ADMIN, ADMIN)).toBe(false);
    expect(canAssignUserType(SUPPORT_ADMIN, 'ROOT')).toBe(false);
  });

  it('offers the picker types up to the caller, never TLM', () => {
    expect(assignableUserTypes(ADMIN).map((t) => t.name)).toEqual([BASIC, SUPPORT_ADMIN, ADMIN]);
    expect(assignableUserTypes(SUPER_ADMIN).map((t) => t.name)).toEqual([
      BASIC,
      SUPPORT_ADMIN,
      ADMIN,
      SUPER_ADMIN,
    ]);
  });

  it('manages only visible users at or below one own type', () => {
    expect(canManageUser(ADMIN, SUPER_ADMIN)).toBe(false);
    expect(canManageUser(SUPPORT_ADMIN, ADMIN)).toBe(false);
    expect(canManageUser(SUPPORT_ADMIN, TLM)).toBe(true);
    expect(canManageUser(BASIC, BASIC)).toBe(false);
  });

  it('lets only ADMIN and SUPER-ADMIN delete', () => {
    expect(canDeleteUsers(SUPPORT_ADMIN)).toBe(false);
    expect(canDeleteUsers(ADMIN)).toBe(true);
  });
});

describe('company scope of administrators (issue 13)', () => {
  const access = (companies: Array<[number, number[]]>, all = false): { access: UserAccess } => ({
    access: {
      all,
      companies: companies.map(([companyId, stores]) => ({
        companyId,
        companyName: `C${companyId}`,
        stores: stores.map((storeId) => ({ storeId, storeName: `S${storeId}`, enabled: true })),
      })),
    },
  });
  const everything = access([], true);
  const scoped = access([[101, [1, 2]]]);

  it('opens the enabled stores of a user only, or every store with access to all, looked up one by one or for a fleet', () => {
    const user = access([
      [101, [1, 2]],
      [202, [1]],
    ]);
    user.access.companies[0]!.stores[1]!.enabled = false;
    const cases: Array<[{ access: UserAccess }, number, number, boolean]> = [
      [user, 101, 1, true],
      [user, 101, 2, false],
      [user, 101, 3, false],
      [user, 202, 1, true],
      [user, 303, 1, false],
      [everything, 999, 9, true],
      [access([]), 101, 1, false],
    ];
    for (const [who, company, store, expected] of cases) {
      expect(hasStoreAccess(who, company, store)).toBe(expected);
      expect(storeAccessOf(who)(company, store)).toBe(expected);
    }
  });

  it('sees users whose companies all lie within its own, never an all-access or companyless user', () => {
    expect(isUserInScope(scoped, access([[101, [3]]]))).toBe(true);
    // A user without a company is no tenant's: only an all-access caller reaches it.
    expect(isUserInScope(scoped, access([]))).toBe(false);
    expect(isUserInScope(everything, access([]))).toBe(true);
    expect(
      isUserInScope(
        scoped,
        access([
          [101, [1]],
          [202, [1]],
        ]),
      ),
    ).toBe(false);
    expect(isUserInScope(scoped, everything)).toBe(false);
    expect(isUserInScope(everything, everything)).toBe(true);
    expect(hasCompanyInScope(scoped, 202)).toBe(false);
  });

  it('grants only its own companies and stores, or what the user had, and never all', () => {
    expect(canGrantAccess(scoped, access([[101, [2]]]).access)).toBe(true);
    expect(canGrantAccess(scoped, access([[101, [3]]]).access)).toBe(false);
    expect(canGrantAccess(scoped, access([[101, [3]]]).access, access([[101, [3]]]).access)).toBe(
      true,
    );
    expect(canGrantAccess(scoped, access([[202, [1]]]).access)).toBe(false);
    expect(canGrantAccess(scoped, everything.access)).toBe(false);
    expect(canGrantAccess(everything, everything.access)).toBe(true);
    // Taking every company away would leave the user in no tenant.
    expect(canGrantAccess(scoped, access([]).access, access([[101, [2]]]).access)).toBe(false);
    expect(canGrantAccess(everything, access([]).access)).toBe(true);
  });
});
