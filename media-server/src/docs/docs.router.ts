import {
  buildOpenApiDocument,
  DOCS_API,
  MEDIA_SERVER_ROUTES,
  PRODUCT_NAME,
  toExpressPath,
} from '@store-cloud/contracts';
import { sendDocsAsset, sendDocsPage } from '@store-cloud/node-kit';
import { Router } from 'express';

const TITLE = `${PRODUCT_NAME} media server API`;

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
  router.get(DOCS_API.page, (req, res) => sendDocsPage(req, res, TITLE));
  router.get(DOCS_API.document, (_req, res) => {
    res.json(document);
  });
  router.get(toExpressPath(DOCS_API.asset), (req, res) => sendDocsAsset(res, req.params.asset));
  return router;
}
