import { execFileSync } from 'node:child_process';
import { BACKEND_ROUTES } from './backend-routes';
import { MEDIA_SERVER_ROUTES } from './media-server-routes';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/**
 * Checks a document against the OpenAPI 3.1 schema with @seriousme/openapi-schema-validator
 * (an ES module, so it runs in a child process); answers its errors.
 */
function openApiErrors(document: OpenApiDocument): unknown {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const result = await new Validator().validate(JSON.parse(input));
    process.stdout.write(JSON.stringify(result.valid ? null : result.errors));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(document),
    cwd: __dirname,
  });
  return JSON.parse(output.toString());
}

describe.each([
  ['backend', BACKEND_ROUTES],
  ['media server', MEDIA_SERVER_ROUTES],
])('the %s OpenAPI document', (title, routes) => {
  const document = buildOpenApiDocument({ title, version: '1.2.3', routes });

  it('is a valid OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(openApiErrors(document)).toBeNull();
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
