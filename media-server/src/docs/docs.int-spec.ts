import { DOCS_API, type OpenApiDocument } from '@store-cloud/contracts';
import express from 'express';
import request from 'supertest';
import { openApiErrors } from '../../../e2e/stack/openapi-validity';
import { docsRouter } from './docs.router';

describe('the media server API documentation', () => {
  it('serves a valid OpenAPI 3.1 document', async () => {
    const app = express().use(docsRouter({ version: '1.2.3' }));
    const res = await request(app).get(DOCS_API.document).expect(200);
    const document = res.body as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(openApiErrors(document)).toBeNull();
  });
});
