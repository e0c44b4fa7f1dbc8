import {
  assignableUserTypes,
  canAssignUserType,
  canDeleteUsers,
  canManageUser,
  visibleUserTypes,
} from './permissions';
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
