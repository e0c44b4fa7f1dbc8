import { auditQuerySchema, stripAuditSecrets } from './audit';
import { canUse } from './permissions';
import { USER_TYPE } from './user-types';

describe('stripAuditSecrets', () => {
  it('drops every secret-named field at any depth and keeps the rest', () => {
    expect(
      stripAuditSecrets({
        username: 'site',
        password: 'x',
        passwordSet: true,
        evobos: { username: 'u', password: 'p', newPassword: 'n' },
        stores: [{ storeId: 1, tentacleSecret: 's', passwordHash: 'h', accessToken: 't' }],
        key: 'k',
      }),
    ).toEqual({
      username: 'site',
      passwordSet: true,
      evobos: { username: 'u' },
      stores: [{ storeId: 1 }],
    });
  });
});

describe('auditQuerySchema', () => {
  it('takes query strings, with defaults for paging', () => {
    expect(auditQuerySchema.parse({ company: '101', action: 'site.' })).toEqual({
      company: 101,
      action: 'site.',
      page: 1,
      pageSize: 50,
    });
  });

  it.each([
    { from: 'yesterday' },
    { pageSize: '101' },
    { page: '0' },
    { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    { action: '$where' },
    { unknown: '1' },
  ])('refuses %j', (query) => {
    expect(auditQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe("canUse('audit')", () => {
  const user = (usertype: string) => ({ usertype, enabled: true, applications: [] });
  it('is for ADMIN and SUPER-ADMIN only', () => {
    expect(canUse('audit', user(USER_TYPE.ADMIN))).toBe(true);
    expect(canUse('audit', user(USER_TYPE.SUPER_ADMIN))).toBe(true);
    expect(canUse('audit', user(USER_TYPE.SUPPORT_ADMIN))).toBe(false);
    expect(canUse('audit', user(USER_TYPE.BASIC))).toBe(false);
    expect(canUse('audit', { ...user(USER_TYPE.ADMIN), enabled: false })).toBe(false);
  });
});
