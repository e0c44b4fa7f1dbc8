import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { z } from 'zod';
import { type AccessRule, REQUIRED_ACCESS_KEY } from '../src/common/auth/require-access';
import { ZodValidationPipe } from '../src/common/pipes/zod-validation.pipe';

/** One route as Nest registered it, with the contract schemas its pipes validate with. */
export interface FuzzRoute {
  method: string;
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Controller.method, to name the route in a failure. */
  handler: string;
  /** Its @RequireAccess (on the method or its controller), as AccessGuard reads it. */
  access?: AccessRule;
}

/** One request the fuzz sends: raw body text (JSON or not) and a raw query string. */
export interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  body?: string;
  what: string;
}

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Walks every controller Nest registered and reads its routes and validation pipes. */
export function registeredRoutes(app: INestApplication): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  const reflector = app.get(Reflector);
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, type) ?? ''].flat() as string[];
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (paths === undefined || verb === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<
          string,
          { pipes?: unknown[] }
        >;
        const schemaOf = (kind: RouteParamtypes) => {
          const entry = Object.entries(args).find(([key]) => key.startsWith(`${kind}:`))?.[1];
          const pipe = entry?.pipes?.find((p) => p instanceof ZodValidationPipe);
          return pipe ? (pipe as unknown as { schema: z.ZodType }).schema : undefined;
        };
        for (const prefix of prefixes) {
          for (const path of [paths].flat()) {
            routes.push({
              method: RequestMethod[verb] === 'ALL' ? 'POST' : RequestMethod[verb],
              path: joinPath(prefix, path).replace(/\*\w*|:\w+/g, 'x'),
              body: schemaOf(RouteParamtypes.BODY),
              query: schemaOf(RouteParamtypes.QUERY),
              params: schemaOf(RouteParamtypes.PARAM),
              handler: `${type.name}.${name}`,
              access: reflector.getAllAndOverride<AccessRule | undefined>(REQUIRED_ACCESS_KEY, [
                handler as () => unknown,
                type,
              ]),
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

type Def = { type: string; [key: string]: unknown };
export const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** Zod's wrapper types: each takes what its inner schema takes (a pipe, what its input takes). */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
]);

/** The schema a wrapper or pipe wraps; undefined for any other schema. */
export function unwrapped(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return def.innerType as z.ZodType;
  if (def.type === 'pipe') return def.in as z.ZodType;
  return undefined;
}

/** A plausible value for a schema: the base the mutations change one field of. */
export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 6) return undefined;
  const inner = unwrapped(schema);
  if (inner) return sampleOf(inner, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      return Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, sampleOf(value, depth + 1)]),
      );
    }
    case 'array':
      return [sampleOf(def.element as z.ZodType, depth + 1)];
    case 'string':
      return 'fuzz';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return new Date(0).toISOString();
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return sampleOf((def.options as z.ZodType[])[0]!, depth + 1);
    case 'record':
      return { fuzz: sampleOf(def.valueType as z.ZodType, depth + 1) };
    case 'lazy':
      return undefined;
    default:
      return 'fuzz';
  }
}

/** Values tried for a field the sample got wrong (a date, an e-mail, a URL, a password). */
const CANDIDATES: unknown[] = [
  new Date(0).toISOString(),
  'fuzz@example.com',
  'https://fuzz.example.com',
  'Fuzz-Pass-123',
  '0123456789abcdef01234567',
  '1',
  'fuzz.png',
  2,
  [],
  {},
];

/** sampleOf, with each field the schema refuses replaced by the first candidate it accepts. */
export function validSample(schema: z.ZodType): unknown {
  let value = sampleOf(schema);
  for (let round = 0; round < 10; round++) {
    const result = schema.safeParse(value);
    if (result.success) return value;
    const path = result.error.issues[0]!.path.map(String);
    if (!path.length) return value;
    const key = path.join('.');
    const fixed = CANDIDATES.map((c) => withField(value, path, c)).find(
      (v) => !schema.safeParse(v).error?.issues.some((i) => i.path.map(String).join('.') === key),
    );
    if (fixed === undefined) return value;
    value = fixed;
  }
  return value;
}

/** Values that are wrong for most fields: other types, edges, operators, odd text. */
export const HOSTILE_VALUES: [string, unknown][] = [
  ['number', 123],
  ['negative', -1],
  ['zero', 0],
  ['float', 1.5],
  ['huge number', 1e308],
  ['boolean', true],
  ['null', null],
  ['array', ['a']],
  ['object', { a: 1 }],
  ['empty string', ''],
  ['huge string', 'x'.repeat(60_000)],
  ['unicode', '\u202eevil\u202c 𝕏😀 ß ﷽ \u200b'],
  ['NUL', 'a\u0000b'],
  ['$gt operator', { $gt: '' }],
  ['$ne operator', { $ne: null }],
  ['$where', '$where'],
  ['path', '../../etc/passwd'],
];

const QUERY_VALUES: [string, string][] = [
  ['empty', ''],
  ['text', 'fuzz'],
  ['boolean', 'true'],
  ['negative', '-1'],
  ['zero', '0'],
  ['huge', 'x'.repeat(5000)],
  ['NUL', '%00'],
  ['bad utf-8', '%ff%c0%af'],
  ['unicode', encodeURIComponent('\u202e𝕏😀')],
  ['object id', '0123456789abcdef01234567'],
];

const withProto = (json: string) =>
  json.startsWith('{')
    ? `{"__proto__":{"usertype":"SUPER-ADMIN","all":true,"polluted":1},"constructor":{"prototype":{"polluted":1}},${json.slice(1)}`
    : json;

/** The object schema inside optional, nullable, default and pipe wrappers, if any. */
function objectOf(schema: z.ZodType | undefined): z.ZodObject | undefined {
  if (!schema) return undefined;
  const def = defOf(schema);
  if (def.type === 'object') return schema as z.ZodObject;
  if (def.type === 'pipe') return objectOf(def.in as z.ZodType);
  if (['optional', 'nullable', 'default', 'prefault'].includes(def.type)) {
    return objectOf(def.innerType as z.ZodType);
  }
  return undefined;
}

/** Every field path of an object schema, nested objects included (data.messageDescription). */
function fieldPaths(schema: z.ZodType | undefined, depth = 0): string[][] {
  const object = objectOf(schema);
  if (!object || depth > 3) return [];
  return Object.entries(object.shape as Record<string, z.ZodType>).flatMap(([key, value]) => [
    [key],
    ...fieldPaths(value, depth + 1).map((rest) => [key, ...rest]),
  ]);
}

const fields = (schema: z.ZodType | undefined): string[] =>
  fieldPaths(schema)
    .filter((p) => p.length === 1)
    .map((p) => p[0]!);

/** A copy of base with the field at path set to value (or removed, for undefined). */
function withField(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

/**
 * The requests for one route. A route that changes data (not GET) gets only requests its
 * schema refuses (checked with the schema itself) or that cannot be parsed, so no fuzz
 * request may legitimately change the database; a GET route, and one that only appends to a
 * log (appendOnly), gets everything.
 */
export function requestsFor(route: FuzzRoute, appendOnly: string[] = []): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  // A route that only appends to a log may take everything: its growth is expected.
  const reads = route.method === 'GET' || appendOnly.includes(route.path);
  const refused = (schema: z.ZodType | undefined, value: unknown) =>
    !schema || !schema.safeParse(value).success;
  const add = (what: string, body: string | undefined, query = '', path = route.path) =>
    out.push({ method: route.method, path, query, body, what });

  // Bodies.
  const base = route.body ? validSample(route.body) : {};
  if (route.method !== 'GET') {
    add('malformed JSON', '{"a":');
    for (const [what, value] of [
      ['array body', []],
      ['string body', 'fuzz'],
      ['null body', null],
      ['number body', 42],
      ['operator body', { $gt: '' }],
    ] as [string, unknown][]) {
      if (refused(route.body, value) && (route.body || reads)) add(what, JSON.stringify(value));
    }
    for (const path of fieldPaths(route.body)) {
      const name = path.join('.');
      const missing = withField(base, path, undefined);
      if (reads || refused(route.body, missing)) {
        add(`${name} missing`, withProto(JSON.stringify(missing)));
      }
      for (const [what, value] of HOSTILE_VALUES) {
        const body = withField(base, path, value);
        if (reads || refused(route.body, body)) {
          add(`${name} ${what}`, withProto(JSON.stringify(body)));
        }
      }
    }
  }

  // Query strings; a route that changes data only with an invalid body or query.
  const queryBase = route.query ? (validSample(route.query) as Record<string, unknown>) : {};
  const bodyForQuery = route.body ? '[]' : undefined;
  const queryFields = fields(route.query);
  for (const field of queryFields.length ? queryFields : ['fuzz']) {
    const others = Object.entries(queryBase)
      .filter(([k]) => k !== field)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
    const variants: [string, string][] = [
      ...QUERY_VALUES.map(([what, v]): [string, string] => [what, `${field}=${v}`]),
      ['$gt operator', `${field}[$gt]=`],
      ['__proto__', `__proto__[polluted]=1&${field}[__proto__][x]=1`],
      ['repeated', `${field}=a&${field}=b`],
      ['missing', ''],
    ];
    for (const [what, v] of variants) {
      const query = [...others, v].filter(Boolean).join('&');
      const parsed = Object.fromEntries(new URLSearchParams(query));
      const invalidQuery = route.query ? refused(route.query, parsed) : false;
      if (reads) add(`query ${field} ${what}`, undefined, query);
      else if (invalidQuery || bodyForQuery) add(`query ${field} ${what}`, bodyForQuery, query);
    }
  }

  // Encoded path segments: none of these is a route.
  for (const [what, suffix] of [
    ['encoded slash', '/..%2f..%2fetc%2fpasswd'],
    ['overlong slash', '/..%c0%afx'],
    ['bad utf-8', '/%ff.png'],
    ['NUL', '%00'],
    ['dot segments', '/%2e%2e/%2e%2e'],
  ]) {
    add(`path ${what}`, reads ? undefined : '{"a":', '', `${route.path}${suffix}`);
  }
  return out;
}
