import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  DOCS_API,
  DOCS_CSP,
  fromExpressPath,
  jsonSchemaOf,
  type OpenApiDocument,
  USER_TYPE,
} from '@store-cloud/contracts';
import type { Express } from 'express';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { checkExchange, type Exchange } from '../../e2e/stack/openapi-traffic';
import { openApiErrors } from '../../e2e/stack/openapi-validity';
import { registeredRoutes as handlerRoutes } from './route-fuzz';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
/** Nest's own catch-all, answering 404 for every path no route took. */
const NOT_FOUND_ROUTE = '/{*path}';

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * Every method + path Nest registered on the Express router, in OpenAPI's path form. An @All
 * route (Express lists every HTTP method for it) counts as the seven methods an API uses (the
 * relay answers HEAD and OPTIONS itself, with 405).
 */
function registeredRoutes(app: Express): string[] {
  const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  return stack.flatMap(({ route }) => {
    if (!route || route.path === NOT_FOUND_ROUTE) return [];
    const methods = Object.keys(route.methods);
    const path = fromExpressPath(route.path);
    return (methods.length > METHODS.length ? METHODS : methods).map((m) => `${m} ${path}`);
  });
}

type Operation = {
  requestBody?: { content: Record<string, { schema?: unknown }> };
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, { content?: Record<string, unknown> }>;
};

describe('API documentation', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp('docs', { seed: false });
    const res = await request(t.baseUrl).get(DOCS_API.document).expect(200);
    document = res.body as OpenApiDocument;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves an OpenAPI 3.1 document without a token', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is a valid OpenAPI 3.1 document', () => {
    expect(openApiErrors(document)).toBeNull();
  });

  it("documents each handler with the schemas of its validation pipes (its @ApiDoc's source)", () => {
    // route-fuzz names a path's parameters x, as it reads the handlers' own paths.
    const operations = new Map(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => [
          `${method} ${path.replace(/\{\w+\}/g, 'x')}`,
          op as Operation,
        ]),
      ),
    );
    const handlers = handlerRoutes(t.app);
    expect(handlers.length).toBeGreaterThan(100);
    for (const route of handlers) {
      const op = operations.get(`${route.method.toLowerCase()} ${route.path}`);
      expect([route.handler, op !== undefined]).toEqual([route.handler, true]);
      if (route.body) {
        expect([route.handler, op!.requestBody?.content['application/json']?.schema]).toEqual([
          route.handler,
          jsonSchemaOf(route.body, 'input'),
        ]);
      }
      if (route.query) {
        const names = Object.keys(
          (jsonSchemaOf(route.query, 'input').properties ?? {}) as Record<string, unknown>,
        );
        const documented = (op!.parameters ?? []).filter((p) => p.in === 'query');
        expect([route.handler, documented.map((p) => p.name)]).toEqual([route.handler, names]);
      }
    }
  });

  it("gives every error answer the error body (readiness's 503 has its health body)", () => {
    const errorBody = {
      'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
    };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item) as [string, Operation][]) {
        const where = `${method} ${path}`;
        expect([where, Object.keys(op.responses)]).toEqual([
          where,
          expect.arrayContaining(['500']),
        ]);
        for (const [status, response] of Object.entries(op.responses)) {
          if (!(Number(status) >= 400) || (status === '503' && path.startsWith(API.health)))
            continue;
          expect([where, status, response.content]).toEqual([where, status, errorBody]);
        }
      }
    }
  });

  it('documents every route Nest registered, and no other', () => {
    const registered = registeredRoutes(t.app.getHttpAdapter().getInstance() as Express);
    // The capture works: the login and the relay are there.
    expect(registered).toContain('post /portallogin');
    expect(registered).toContain('patch /api/v1/{path}');
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('describes a route with its body, answers and error body', () => {
    const login = document.paths['/portallogin']!.post as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
      responses: Record<string, unknown>;
    };
    expect(login.requestBody.content['application/json']!.schema.required).toEqual([
      'username',
      'password',
    ]);
    expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '413', '429', '500', '503']);
    expect(document.components.schemas.ErrorBody).toMatchObject({
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    });
  });

  it('serves a page that loads Swagger UI from the backend itself', async () => {
    const page = await request(t.baseUrl).get(DOCS_API.page).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(page.text).toContain('src="docs/swagger-ui-bundle.js"');
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs-init.js']) {
      const res = await request(t.baseUrl).get(`/api/docs/${asset}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/(javascript|css)/);
    }
    await request(t.baseUrl).get('/api/docs/package.json').expect(404);
    await request(t.baseUrl).get('/api/docs/..%2F..%2Fpackage.json').expect(404);
  });

  describe('holds answers to the document (the check every test app runs at close)', () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    const exchange = (e: Partial<Exchange>): Exchange => ({
      method: 'GET',
      url: ADMIN_API.users,
      route: ADMIN_API.users,
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: json([]),
      ...e,
    });

    it('passes a real answer that the document tells', async () => {
      await t.createUser({ ...TEST_ADMIN, usertype: USER_TYPE.ADMIN });
      const token = await t.login(TEST_ADMIN);
      const res = await request(t.baseUrl).get(ADMIN_API.users).set(ACCESS_TOKEN_HEADER, token);
      expect(res.status).toBe(200);
      const answer = exchange({ body: Buffer.from(res.text) });
      expect(await checkExchange(document, answer)).toBeUndefined();
    });

    it('names a field the schema does not have, or one it misses', async () => {
      const user = {
        _id: '64b7f0c2a1b2c3d4e5f60718',
        name: 'a@b.test',
        username: 'a@b.test',
        enabled: true,
        usertype: 'BASIC',
        access: { all: false, companies: [] },
        applications: [],
      };
      expect(await checkExchange(document, exchange({ body: json([user]) }))).toBeUndefined();
      const withId = await checkExchange(
        document,
        exchange({ body: json([{ ...user, id: 'u' }]) }),
      );
      expect(withId).toMatch(/body\/0 must NOT have additional properties.*"id"/);
      const { _id, ...withoutMongoId } = user;
      const missing = await checkExchange(document, exchange({ body: json([withoutMongoId]) }));
      expect(missing).toMatch(/body\/0 must have required property '_id'/);
    });

    it('names a status or a content type the document does not list', async () => {
      expect(await checkExchange(document, exchange({ status: 418 }))).toMatch(
        /status 418 is not documented for GET \/admin\/users/,
      );
      expect(
        await checkExchange(
          document,
          exchange({ contentType: 'image/png', body: Buffer.from('x') }),
        ),
      ).toBe('answered image/png; documented: application/json');
      expect(
        await checkExchange(
          document,
          exchange({ method: 'DELETE', url: '/nowhere', route: '/nowhere', status: 200 }),
        ),
      ).toBe('the route is not documented');
    });

    it('matches an answer no route took (a middleware answered) by its path', async () => {
      const refused = exchange({
        url: API.version,
        route: undefined,
        status: 418,
        body: json({ code: 'TEAPOT', message: 'No' }),
      });
      expect(await checkExchange(document, refused)).toMatch(
        /status 418 is not documented for GET \/version/,
      );
    });
  });
});
