import {
  DOCS_ASSETS,
  DOCS_CSP,
  DOCS_INIT_SCRIPT,
  docsAssetSchema,
  docsPageHtml,
} from '@store-cloud/contracts';
import type { Request, Response } from 'express';
import path from 'node:path';
import { NotFoundError } from './http-errors';

/**
 * Swagger UI's files, found through its package.json: the package's main would load the whole
 * browser bundle into the process, megabytes of heap that every garbage collection walks.
 */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** GET /api/docs: the Swagger UI page of a service's OpenAPI document. */
export function sendDocsPage(req: Request, res: Response, title: string): void {
  res
    .set('Content-Security-Policy', DOCS_CSP)
    .type('html')
    .send(docsPageHtml(title, req.path.endsWith('/') ? '' : 'docs/'));
}

/** GET /api/docs/:asset: one of Swagger UI's files, or our init script; anything else is 404. */
export function sendDocsAsset(res: Response, name: unknown): void {
  const asset = docsAssetSchema.safeParse(name);
  if (!asset.success) throw new NotFoundError(`No docs file ${String(name)}`);
  res.type(DOCS_ASSETS[asset.data]).set('Cache-Control', 'public, max-age=3600');
  if (asset.data === 'docs-init.js') res.send(DOCS_INIT_SCRIPT);
  else res.sendFile(path.join(SWAGGER_UI_DIR, asset.data));
}
