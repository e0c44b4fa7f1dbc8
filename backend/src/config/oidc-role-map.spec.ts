import { mapOidcGroups, parseOidcRoleMap, type OidcRoleRule } from './oidc-role-map';

describe('OIDC_ROLE_MAP', () => {
  const rules = parseOidcRoleMap(
    ' store-admins=ADMIN:* ; support = SUPPORT-ADMIN:101, 102;staff=BASIC:102,103; guests=BASIC ;',
  ) as OidcRoleRule[];

  it('reads the compact rules', () => {
    expect(rules).toEqual([
      { group: 'store-admins', usertype: 'ADMIN', all: true, companies: [] },
      { group: 'support', usertype: 'SUPPORT-ADMIN', all: false, companies: [101, 102] },
      { group: 'staff', usertype: 'BASIC', all: false, companies: [102, 103] },
      { group: 'guests', usertype: 'BASIC', all: false, companies: [] },
    ]);
    expect(parseOidcRoleMap('')).toEqual([]);
  });

  it.each(['admins', 'admins=BOSS', 'admins=ADMIN:1,x', '=ADMIN', 'a=ADMIN:'])(
    'refuses %p with a message',
    (text) => expect(typeof parseOidcRoleMap(text)).toBe('string'),
  );

  it('maps to the highest type and the union of the companies', () => {
    expect(mapOidcGroups(rules, ['staff', 'support', 'other'])).toEqual({
      usertype: 'SUPPORT-ADMIN',
      all: false,
      companies: [101, 102, 103],
      groups: ['staff', 'support'],
    });
    expect(mapOidcGroups(rules, ['staff', 'store-admins'])).toMatchObject({
      usertype: 'ADMIN',
      all: true,
      companies: [],
    });
  });

  it('takes a single value (a domain claim) and maps nothing when no rule matches', () => {
    expect(mapOidcGroups(rules, 'guests')).toMatchObject({ usertype: 'BASIC', companies: [] });
    expect(mapOidcGroups(rules, ['nobody'])).toBeNull();
    expect(mapOidcGroups(rules, undefined)).toBeNull();
    expect(mapOidcGroups(rules, [1, null])).toBeNull();
  });
});
