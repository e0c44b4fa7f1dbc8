import { MEDIA_SERVER_ROUTES } from './media-server-routes';
import { buildOpenApiDocument } from './openapi-document';

/**
 * The media server's document (its routes are an Express router's, declared here). The
 * backend's is generated from its controllers: backend/test/docs.int-spec.ts checks it so.
 */
describe('the media server OpenAPI document', () => {
  const routes = MEDIA_SERVER_ROUTES;
  const document = buildOpenApiDocument({ title: 'media server', version: '1.2.3', routes });

  it('is an OpenAPI 3.1 document (media-server/src/docs/docs.int-spec.ts validates it as served)', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('gives every error answer the error body schema and every input a schema', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const route = routes.find((r) => r.path === path && r.method === method)!;
        const responses = op.responses as Record<string, { content?: Record<string, unknown> }>;
        expect(Object.keys(responses)).toContain('500');
        for (const [status, response] of Object.entries(responses)) {
          // /health answers 503 with its own body.
          if (Number(status) >= 400 && !route.answers.some((a) => a.status === Number(status)))
            expect(response.content).toEqual({
              'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
            });
        }
        if (route.body) expect(op.requestBody).toBeDefined();
        if (route.query) expect(op.parameters).toBeDefined();
      }
    }
    expect(document.components.schemas.ErrorBody).toMatchObject({
      required: ['code', 'message'],
    });
  });
});
