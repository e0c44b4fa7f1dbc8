import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller';

/** GET /api/docs: the OpenAPI document of every route, and a page to read it. */
@Module({ controllers: [DocsController] })
export class DocsModule {}
