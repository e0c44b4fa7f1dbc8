import { z } from 'zod';
import type { ApiRoute } from './api-route';

/** Where each service serves its API documentation: a page, and the OpenAPI document itself. */
export const DOCS_API = {
  page: '/api/docs',
  document: '/api/docs/openapi.json',
  /** The page's own script and Swagger UI's files (swagger-ui-dist), named in DOCS_ASSETS. */
  asset: '/api/docs/{asset}',
} as const;

/** The files the page loads, by name, with their content type. */
export const DOCS_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'docs-init.js': 'text/javascript; charset=utf-8',
} as const;
export type DocsAsset = keyof typeof DOCS_ASSETS;
export const docsAssetSchema = z.enum(Object.keys(DOCS_ASSETS) as [DocsAsset, ...DocsAsset[]]);

/**
 * The page (Swagger UI). Its links are relative, so it works directly and behind the portal's
 * /media-server prefix; assetBase is '' when the page was asked for as /api/docs/, else 'docs/'.
 */
export function docsPageHtml(title: string, assetBase: string): string {
  const escaped = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escaped}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${assetBase}swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="${assetBase}swagger-ui-bundle.js"></script>
<script src="${assetBase}docs-init.js"></script></body></html>
`;
}

/** docs-init.js: a file, not an inline script, so the page's CSP needs no 'unsafe-inline'. */
export const DOCS_INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: location.pathname.replace(/\\/?$/, '/') + 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
});
`;

/** The OpenAPI document's outline, as its route documents it (the rest is OpenAPI 3.1's). */
const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  components: z.looseObject({}),
});

/** The docs routes themselves, as every service serves them. */
export const DOCS_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: DOCS_API.page,
    tag: 'docs',
    summary: 'This documentation, as a page',
    security: [],
    answers: [{ status: 200, description: 'Swagger UI', contentType: 'text/html' }],
  },
  {
    method: 'get',
    path: DOCS_API.document,
    tag: 'docs',
    summary: 'This documentation, as an OpenAPI 3.1 document',
    security: [],
    answers: [{ status: 200, description: 'The OpenAPI document', schema: openApiDocumentSchema }],
  },
  {
    method: 'get',
    path: DOCS_API.asset,
    tag: 'docs',
    summary: "The page's script and stylesheet",
    description: `asset: one of ${Object.keys(DOCS_ASSETS).join(', ')}`,
    security: [],
    answers: [
      {
        status: 200,
        description: 'The file',
        contentType: [...new Set(Object.values(DOCS_ASSETS).map((type) => type.split(';')[0]!))],
      },
    ],
    errors: [404],
  },
];
