import { Controller, Get, type OnModuleInit, Param, Req, Res } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import {
  buildOpenApiDocument,
  DOCS_API,
  DOCS_ROUTES,
  type OpenApiDocument,
  PRODUCT_NAME,
  toExpressPath,
} from '@store-cloud/contracts';
import type { Request, Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { ApiDoc, type ApiDocOptions } from '../../common/openapi/api-doc.decorator';
import { documentedRoutes } from '../../common/openapi/documented-routes';
import { readPackageVersion, sendDocsAsset, sendDocsPage } from '@store-cloud/node-kit';

const TITLE = `${PRODUCT_NAME} backend API`;

/** The docs routes as every service documents them; they answer without MongoDB and Redis. */
const docsRoute = (path: string): ApiDocOptions => ({
  ...DOCS_ROUTES.find((route) => route.path === path)!,
  storage: false,
});

/**
 * The API documentation, public: GET /api/docs (Swagger UI) and /api/docs/openapi.json, built
 * once at start from every controller's route declarations (@Get/..., ValidBody/ValidQuery,
 * @Public, @ApiDoc) and the contracts' zod schemas.
 */
@Public()
@Controller()
export class DocsController implements OnModuleInit {
  private document?: OpenApiDocument;

  constructor(private readonly modules: ModulesContainer) {}

  /** At start, so a route without its @ApiDoc stops the app in every test, not at a request. */
  onModuleInit(): void {
    this.document = buildOpenApiDocument({
      title: TITLE,
      version: readPackageVersion(__dirname, '@store-cloud/backend'),
      description:
        "The cloud service of the portal. Live updates and the stores' tentacle links use " +
        'socket.io at /socket.io/ (namespaces /live, /tentacle, /sqlbackup); they are not REST ' +
        'routes. Errors answer { code, message, issues? }.',
      routes: documentedRoutes(this.modules),
    });
  }

  @ApiDoc(docsRoute(DOCS_API.page))
  @Get(DOCS_API.page)
  page(@Req() req: Request, @Res() res: Response): void {
    sendDocsPage(req, res, TITLE);
  }

  @ApiDoc(docsRoute(DOCS_API.document))
  @Get(DOCS_API.document)
  openApi(): OpenApiDocument {
    return this.document!;
  }

  @ApiDoc(docsRoute(DOCS_API.asset))
  @Get(toExpressPath(DOCS_API.asset))
  asset(@Param('asset') name: string, @Res() res: Response): void {
    sendDocsAsset(res, name);
  }
}
