import { DOCS_API, DOCS_CSP, fromExpressPath, type OpenApiDocument } from '@store-cloud/contracts';
import type { Express } from 'express';
import request from 'supertest';
import { createTestApp, type TestApp } from './create-app';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Nest's own catch-all, answering 404 for every path no route took. */
const NOT_FOUND_ROUTE = '/{*path}';

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * Every method + path Nest registered on the Express router, in OpenAPI's path form. An @All
 * route (Express lists every HTTP method for it) counts as the five methods an API uses.
 */
function registeredRoutes(app: Express): string[] {
  const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  return stack.flatMap(({ route }) => {
    if (!route || route.path === NOT_FOUND_ROUTE) return [];
    const methods = Object.keys(route.methods);
    const path = fromExpressPath(route.path);
    return (methods.length > METHODS.length + 2 ? METHODS : methods).map((m) => `${m} ${path}`);
  });
}

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
    expect(Object.keys(login.responses)).toEqual(['200', '400', '429', '500']);
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
});
