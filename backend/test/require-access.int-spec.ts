import {
  ACCESS_TOKEN_HEADER,
  APP,
  buildSiteMessage,
  ERROR_CODE,
  errorBodySchema,
  MESSAGE_TYPE,
  USER_TYPE,
  type UserTypeName,
} from '@store-cloud/contracts';
import request from 'supertest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from './create-app';
import { defOf, type FuzzRoute, registeredRoutes, unwrapped, validSample } from './route-fuzz';
import { demoFleetAccess } from './users';

/*
 * @RequireAccess on every route whose request names a company or store (read from Nest's own
 * route metadata, so a new route cannot slip by): a BASIC user without stores and an ADMIN of
 * another company are refused, an ADMIN of the named company is let through the check.
 */

const PASSWORD = 'Access-Pass-123';
const COMPANY = 202;
const STORE = 1;

/** Field names that name a company or a store in the contracts' request schemas. */
const COMPANY_FIELDS = new Set(['c', 'company', 'companyId']);
const STORE_FIELDS = new Set(['s', 'store', 'storeId']);

/**
 * Routes that name a company or store without @RequireAccess, and why. Anything else naming
 * one must carry the decorator.
 */
const EXEMPT: Record<string, string> = {
  'SitesController.logout': 'leaving closes only the caller’s own connection',
  'SitesController.portalLogout': 'leaving closes only the caller’s own connection',
  'RelayController.relay': 'public: the site token is checked against the store (SiteAuthService)',
  'PortalMediaController.storeMedia': 'public: the store’s own tentacle secret is the proof',
  'StoreStatusController.storeStatus': 'public (spec §7): a store’s status only',
  'MessageDeliveriesController.report':
    'the outcome of a send already made; the delivery’s visibility (404) decides',
  'UsersController.saveSiteCredentials':
    'about the target user’s stores: a user outside the caller’s reach is 404 (UsersService)',
  'UsersController.save': 'the access granted is checked by canGrantAccess (UsersService)',
  'MediaFileAuditController.report':
    'the media server’s own reports, behind its service key; no user calls it (MediaServiceGuard)',
};

/** Every field name a schema takes, at any depth (objects, arrays, unions, wrappers). */
function fieldNames(schema: z.ZodType | undefined, depth = 0): string[] {
  if (!schema || depth > 8) return [];
  const def = defOf(schema);
  const inner = (s: unknown) => fieldNames(s as z.ZodType, depth + 1);
  const wrapped = unwrapped(schema);
  if (wrapped) return inner(wrapped);
  switch (def.type) {
    case 'object':
      return Object.entries((schema as z.ZodObject).shape as Record<string, z.ZodType>).flatMap(
        ([key, value]) => [key, ...inner(value)],
      );
    case 'array':
      return inner(def.element);
    case 'union':
      return (def.options as z.ZodType[]).flatMap(inner);
    case 'record':
      return inner(def.valueType);
    default:
      return [];
  }
}

const namesCompanyOrStore = (route: FuzzRoute) =>
  [route.body, route.query, route.params]
    .flatMap((s) => fieldNames(s))
    .some((name) => COMPANY_FIELDS.has(name) || STORE_FIELDS.has(name));

/** A schedule validSample cannot build (its dates are checked against each other and now). */
const schedule = (hours: number) => ({
  companyId: COMPANY,
  destination: 'promo',
  startDate: new Date(Date.now() + hours * 3_600_000).toISOString(),
  endDate: new Date(Date.now() + (hours + 1) * 3_600_000).toISOString(),
  files: ['access.png'],
});

/** Fields validSample cannot build (cross-field refinements), per route. */
const FIELDS: Record<string, object> = {
  'PortalConfigMediaController.addSchedule': { schedule: schedule(1) },
  'PortalConfigMediaController.updateSchedule': { schedule: { ...schedule(1), _id: 'access' } },
  'MessageDeliveriesController.create': {
    message: buildSiteMessage({
      type: MESSAGE_TYPE.message,
      content: 'access test',
      destinations: ['POS'],
      sites: [{ companyId: COMPANY, storeId: STORE }],
    }),
  },
  // A made-up string is no IANA zone: the refinement would drop the field and fail the parse.
  'TimeZonesController.save': { timeZone: 'Europe/Berlin' },
  'BulkActionsController.create': {
    message: buildSiteMessage({
      type: MESSAGE_TYPE.message,
      content: 'access test',
      destinations: ['POS'],
      sites: [{ companyId: COMPANY, storeId: STORE }],
    }),
    stores: [{ companyId: COMPANY, storeId: STORE }],
    selectionId: undefined,
  },
  'ProofOfPlayController.rollup': { from: '2026-11-01', to: '2026-11-02', tag: undefined },
  'ProofOfPlayController.export': { from: '2026-11-01', to: '2026-11-02', tag: undefined },
};

/** A valid request input for the route's @RequireAccess whose company and store ids are COMPANY/STORE. */
function inputNaming(route: FuzzRoute): unknown {
  const rule = route.access!;
  const retarget = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(retarget);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        typeof v === 'number' && COMPANY_FIELDS.has(key)
          ? COMPANY
          : typeof v === 'number' && STORE_FIELDS.has(key)
            ? STORE
            : retarget(v),
      ]),
    );
  };
  let input = {
    ...(retarget(validSample(rule.schema)) as object),
    ...FIELDS[route.handler],
  } as Record<string, unknown>;
  // validSample fixes one field at a time; a cross-field refinement (audit's from/to) can
  // leave optional fields it could not fix: left out, the input is valid (else parse says why).
  for (let round = 0; round < 5; round++) {
    const issues = rule.schema.safeParse(input).error?.issues ?? [];
    const keys = new Set(issues.map((i) => String(i.path[0])));
    if (!keys.size) break;
    input = Object.fromEntries(Object.entries(input).filter(([key]) => !keys.has(key)));
  }
  return input;
}

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';
const verbOf = (route: FuzzRoute) => route.method.toLowerCase() as Verb;

describe('@RequireAccess', () => {
  let t: TestApp;
  let routes: FuzzRoute[];
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp('require_access');
    routes = registeredRoutes(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  /** A user with every application, so only its type and access decide. */
  const tokenOf = async (usertype: UserTypeName, access: Parameters<typeof demoFleetAccess>[0]) => {
    const username = `access-${(counter += 1)}@access.test`;
    await t.createUser({
      username,
      password: PASSWORD,
      usertype,
      access: demoFleetAccess(access),
      applications: Object.values(APP),
    });
    return t.login({ username, password: PASSWORD });
  };

  const send = (route: FuzzRoute, token: string) => {
    const rule = route.access!;
    const input = inputNaming(route);
    const call = request(t.baseUrl)[verbOf(route)](route.path).set(ACCESS_TOKEN_HEADER, token);
    return rule.from === 'query'
      ? call.query(input as Record<string, string>)
      : call.send(input as object);
  };

  /** AccessGuard's refusals of COMPANY/STORE (requireCompanyAccess, requireStoreAccess). */
  const ACCESS_REFUSALS = [
    `Company ${COMPANY} is outside your access`,
    `You have no access to store ${STORE} of company ${COMPANY}`,
  ];

  it('is on every route whose request names a company or store, unless exempt for a reason', () => {
    const undeclared = routes
      .filter((r) => !r.access && namesCompanyOrStore(r) && !(r.handler in EXEMPT))
      .map((r) => `${r.method} ${r.path} (${r.handler})`);
    expect(undeclared).toEqual([]);
    // An exemption names a route that exists, names a company or store, and has no @RequireAccess.
    const stale = Object.keys(EXEMPT).filter(
      (h) => !routes.some((r) => r.handler === h && !r.access && namesCompanyOrStore(r)),
    );
    expect(stale).toEqual([]);
  });

  it('refuses a BASIC user without stores and an ADMIN of another company on each of them', async () => {
    const guarded = routes.filter((r) => r.access);
    expect(guarded.length).toBeGreaterThanOrEqual(15);
    const basic = await tokenOf(USER_TYPE.BASIC, []);
    const otherAdmin = await tokenOf(USER_TYPE.ADMIN, [[101]]);
    const ownAdmin = await tokenOf(USER_TYPE.ADMIN, [[COMPANY, [STORE]]]);

    const wrong: string[] = [];
    for (const route of guarded) {
      const name = `${route.method} ${route.path} (${route.handler})`;
      const rule = route.access!;
      // The input really names COMPANY (and STORE): what the rule reads from it.
      const targets = rule.targets(rule.schema.parse(inputNaming(route)));
      const named =
        'stores' in targets
          ? targets.stores.map((s) => `${s.company}/${s.store}`)
          : targets.companies.map(String);
      const expected = 'stores' in targets ? [`${COMPANY}/${STORE}`] : [String(COMPANY)];
      if (named.join() !== expected.join()) wrong.push(`${name}: names ${named.join()}`);

      for (const [who, token] of [
        ['BASIC without stores', basic],
        ['ADMIN of company 101', otherAdmin],
      ] as const) {
        const res = await send(route, token);
        const body = errorBodySchema.safeParse(res.body);
        if (res.status !== 403 || body.data?.code !== ERROR_CODE.forbidden)
          wrong.push(`${name} as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
        // The ADMIN passes every screen's @RequireEntry here: the refusal is the access check's.
        else if (who === 'ADMIN of company 101' && !ACCESS_REFUSALS.includes(body.data.message))
          wrong.push(`${name} as ${who}: refused with "${body.data.message}"`);
      }
      // An ADMIN of COMPANY with STORE gets past the access check (whatever the route answers then).
      const own = await send(route, ownAdmin);
      if (ACCESS_REFUSALS.includes((own.body as { message?: string }).message ?? ''))
        wrong.push(`${name} as ADMIN of company ${COMPANY}: ${JSON.stringify(own.body)}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers 400, not 500, for malformed ids, before any access is checked', async () => {
    // An ADMIN with every application passes each route's @RequireEntry: AccessGuard answers.
    const admin = await tokenOf(USER_TYPE.ADMIN, [[101]]);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access)) {
      const rule = route.access!;
      const bad = rule.from === 'query' ? 'x' : { $gt: 0 };
      const spoiled = JSON.parse(
        JSON.stringify(inputNaming(route), (key, value: unknown) =>
          COMPANY_FIELDS.has(key) ? bad : value,
        ),
      ) as Record<string, string>;
      const call = request(t.baseUrl)[verbOf(route)](route.path).set(ACCESS_TOKEN_HEADER, admin);
      const res = await (rule.from === 'query' ? call.query(spoiled) : call.send(spoiled));
      const body = errorBodySchema.safeParse(res.body).data;
      if (res.status !== 400 || body?.code !== ERROR_CODE.validation)
        wrong.push(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
  });
});
