import {
  buildOpenApiDocument,
  DOCS_API,
  DOCS_ASSETS,
  DOCS_CSP,
  DOCS_INIT_SCRIPT,
  docsAssetSchema,
  docsPageHtml,
  MEDIA_SERVER_ROUTES,
  toExpressPath,
} from '@store-cloud/contracts';
import { NotFoundError } from '@store-cloud/node-kit';
import { Router } from 'express';
import path from 'node:path';

/**
 * Swagger UI's files, found through its package.json: the package's main would load the whole
 * browser bundle into this process, megabytes of heap that every garbage collection walks.
 */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const TITLE = 'Store Cloud media server API';

/**
 * The API documentation, public: GET /api/docs (Swagger UI) and /api/docs/openapi.json, built
 * once from the contracts' route table and zod schemas.
 */
export function docsRouter(options: { version: string }): Router {
  const document = buildOpenApiDocument({
    title: TITLE,
    version: options.version,
    description:
      'The central media server: company folders, uploads, files. The portal reaches it under ' +
      '/media-server; calls carry the portal access token, which the media server checks with ' +
      'the backend. Errors answer { code, message, issues? }.',
    routes: MEDIA_SERVER_ROUTES,
  });
  const router = Router();
  router.get(DOCS_API.page, (req, res) => {
    res
      .set('Content-Security-Policy', DOCS_CSP)
      .type('html')
      .send(docsPageHtml(TITLE, req.path.endsWith('/') ? '' : 'docs/'));
  });
  router.get(DOCS_API.document, (_req, res) => {
    res.json(document);
  });
  router.get(toExpressPath(DOCS_API.asset), (req, res) => {
    const asset = docsAssetSchema.safeParse(req.params.asset);
    if (!asset.success) throw new NotFoundError(`No docs file ${String(req.params.asset)}`);
    res.type(DOCS_ASSETS[asset.data]).set('Cache-Control', 'public, max-age=3600');
    if (asset.data === 'docs-init.js') res.send(DOCS_INIT_SCRIPT);
    else res.sendFile(path.join(SWAGGER_UI_DIR, asset.data));
  });
  return router;
}
