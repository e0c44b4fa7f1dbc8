import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import {
  BACKEND_ROUTES,
  buildOpenApiDocument,
  DOCS_API,
  type OpenApiDocument,
  toExpressPath,
} from '@store-cloud/contracts';
import type { Request, Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { readPackageVersion, sendDocsAsset, sendDocsPage } from '@store-cloud/node-kit';

const TITLE = 'Store Cloud backend API';

/**
 * The API documentation, public: GET /api/docs (Swagger UI) and /api/docs/openapi.json, built
 * once from the contracts' route table and zod schemas.
 */
@Public()
@Controller()
export class DocsController {
  private readonly document: OpenApiDocument = buildOpenApiDocument({
    title: TITLE,
    version: readPackageVersion(__dirname, '@store-cloud/backend'),
    description:
      "The cloud service of the portal. Live updates and the stores' tentacle links use " +
      'socket.io at /socket.io/ (namespaces /live, /tentacle, /sqlbackup); they are not REST ' +
      'routes. Errors answer { code, message, issues? }.',
    routes: BACKEND_ROUTES,
  });

  @Get(DOCS_API.page)
  page(@Req() req: Request, @Res() res: Response): void {
    sendDocsPage(req, res, TITLE);
  }

  @Get(DOCS_API.document)
  openApi(): OpenApiDocument {
    return this.document;
  }

  @Get(toExpressPath(DOCS_API.asset))
  asset(@Param('asset') name: string, @Res() res: Response): void {
    sendDocsAsset(res, name);
  }
}
