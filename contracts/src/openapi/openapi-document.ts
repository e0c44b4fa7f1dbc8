import { z } from 'zod';
import { ACCESS_TOKEN_HEADER } from '../constants';
import { MEDIA_SERVICE_KEY_HEADER } from '../audit';
import { BACKUP_KEY_HEADER } from '../schemas/backup.schema';
import { errorBodySchema } from '../schemas/common.schema';
import { STORE_SECRET_HEADER } from '../schemas/media-schedule.schema';
import { SITE_TOKEN_HEADER } from '../schemas/site.schema';
import type { ApiAnswer, ApiRoute, ApiSecurity } from './api-route';

type JsonSchema = Record<string, unknown>;

const ERROR_DESCRIPTION: Readonly<Record<number, string>> = {
  400: 'The body does not parse, or the query, body or path fails the schema (issues name each field)',
  401: 'No valid token, or a site connection that was closed',
  403: 'The caller may not do this',
  404: 'Not found',
  409: 'Conflicts with the current state (a store offline, a name taken, a limit reached)',
  405: 'The method is not one this route takes (Allow names those it does)',
  413: 'Request body is too large',
  415: 'Unsupported request body',
  429: 'Too many requests, try again later',
  502: 'The service behind this call answered badly',
  503: 'A service this call needs is unavailable; try again',
  504: 'The store did not answer in time',
  507: 'The media disk is full; nothing was stored',
  500: 'Internal server error',
};

const SECURITY_SCHEMES: Record<ApiSecurity, JsonSchema> = {
  accessToken: {
    type: 'apiKey',
    in: 'header',
    name: ACCESS_TOKEN_HEADER,
    description: 'The token of POST /portallogin',
  },
  siteToken: {
    type: 'apiKey',
    in: 'header',
    name: SITE_TOKEN_HEADER,
    description: 'The site token of POST /portal/sitelogin (one store connection)',
  },
  storeSecret: {
    type: 'apiKey',
    in: 'header',
    name: STORE_SECRET_HEADER,
    description: 'A store\'s tentacle secret: hex(HMAC-SHA256(TENTACLE_SECRET, "company:store"))',
  },
  backupKey: {
    type: 'apiKey',
    in: 'header',
    name: BACKUP_KEY_HEADER,
    description: 'The key backup servers share (BACKUP_SERVER_KEY)',
  },
  mediaServiceKey: {
    type: 'apiKey',
    in: 'header',
    name: MEDIA_SERVICE_KEY_HEADER,
    description: 'The key the backend and the media server share (MEDIA_SERVICE_KEY)',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The Prometheus scrape token (METRICS_TOKEN)',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "An API token of /portal/apitokens (sc_…): any route that takes the access token, within the token's scopes and companies; elsewhere 403",
  },
};

/** The ways a route takes: an API token goes wherever the portal's access token does. */
const securityOf = (route: ApiRoute): ApiSecurity[] =>
  route.security.includes('accessToken') ? [...route.security, 'apiToken'] : [...route.security];

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), for a request or an answer. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // unrepresentable: a transform's result or a custom check is documented as "any value".
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The query schema's fields as OpenAPI query parameters. */
function queryParameters(query: z.ZodType): JsonSchema[] {
  const schema = jsonSchemaOf(query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

const operationId = (route: ApiRoute) =>
  `${route.method}${route.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;

function operation(route: ApiRoute): JsonSchema {
  const errors = new Set<number>(route.errors ?? []);
  // Any request may carry a body that does not parse (the JSON parser runs before the routes),
  // and a query, a body or a path parameter may fail its schema.
  errors.add(400);
  // Every JSON body meets the body parser's limit (100 kB; the backup routes' is larger).
  if (route.body) errors.add(413);
  if (route.security.length) errors.add(401);
  // A token that may only set up a second factor (MFA_REQUIRED_ROLES) is refused elsewhere.
  if (route.security.includes('accessToken')) errors.add(403);
  errors.add(500);
  // A status the route answers with its own body (health's 503) is not an error body.
  for (const a of route.answers) if (typeof a.status === 'number') errors.delete(a.status);
  const responses: Record<string, JsonSchema> = {};
  const answer = (answer: ApiAnswer): JsonSchema => {
    const contentTypes = [answer.contentType ?? 'application/json'].flat();
    const media = answer.schema ? { schema: jsonSchemaOf(answer.schema, 'output') } : {};
    return {
      description: answer.description,
      ...(answer.schema || answer.contentType
        ? { content: Object.fromEntries(contentTypes.map((type) => [type, media])) }
        : {}),
    };
  };
  for (const a of route.answers.filter((a) => a.status !== 'default')) {
    responses[String(a.status)] = answer(a);
  }
  for (const status of [...errors].sort((a, b) => a - b)) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTION[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  // OpenAPI's default (any other status) comes last.
  for (const a of route.answers.filter((a) => a.status === 'default')) {
    responses.default = answer(a);
  }
  const body = route.body;
  const requestBody = !body
    ? undefined
    : 'multipartFile' in body
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: [body.multipartFile],
                properties: { [body.multipartFile]: { type: 'string', format: 'binary' } },
              },
            },
          },
        }
      : {
          required: true,
          content: { 'application/json': { schema: jsonSchemaOf(body as z.ZodType, 'input') } },
        };
  const parameters = [
    ...pathParameters(route.path),
    ...(route.query ? queryParameters(route.query) : []),
  ];
  return {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: securityOf(route).map((scheme) => ({ [scheme]: [] })),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers: Array<{ url: string; description?: string }>;
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
  tags: Array<{ name: string }>;
}

/** The OpenAPI 3.1 document of a service's routes; every schema in it comes from contracts. */
export function buildOpenApiDocument(options: {
  title: string;
  version: string;
  description?: string;
  routes: readonly ApiRoute[];
}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of options.routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`${route.method} ${route.path} is listed twice`);
    item[route.method] = operation(route);
  }
  const used = new Set(options.routes.flatMap(securityOf));
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      ...(options.description ? { description: options.description } : {}),
    },
    // Relative to the document (…/api/docs/openapi.json), so "Try it out" reaches the service
    // both directly and through the portal's proxy prefix.
    servers: [{ url: '../..', description: 'This service (relative to this document)' }],
    paths,
    components: {
      schemas: { ErrorBody: jsonSchemaOf(errorBodySchema, 'output') },
      securitySchemes: Object.fromEntries(
        Object.entries(SECURITY_SCHEMES).filter(([name]) => used.has(name as ApiSecurity)),
      ),
    },
    tags: [...new Set(options.routes.map((r) => r.tag))].map((name) => ({ name })),
  };
}
