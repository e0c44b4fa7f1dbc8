import { Controller, Get, Post } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import { Public } from '../auth/public.decorator';
import { ValidBody } from '../pipes/valid-params';
import { ApiDoc, ok } from './api-doc.decorator';
import { documentedRoutes } from './documented-routes';

const itemSchema = z.object({ name: z.string() });

@Controller('items')
class ItemsController {
  @ApiDoc({ tag: 'items', summary: 'Add an item', answers: ok(itemSchema), errors: [409] })
  @Post(':folder')
  add(@ValidBody(itemSchema) body: unknown): unknown {
    return body;
  }

  @Public()
  @ApiDoc({ tag: 'items', summary: 'Count', answers: ok(z.number()), storage: false })
  @Get('count')
  count(): number {
    return 0;
  }
}

@Controller()
class UndocumentedController {
  @Get('nowhere')
  nowhere(): void {}
}

@Controller()
class TwiceController {
  @ApiDoc({ tag: 'items', summary: 'Twice', body: itemSchema, answers: [] })
  @Post('twice')
  twice(@ValidBody(itemSchema) body: unknown): unknown {
    return body;
  }
}

async function routesOf(controller: new () => object) {
  const module = await Test.createTestingModule({ controllers: [controller] }).compile();
  try {
    return documentedRoutes(module.get(ModulesContainer));
  } finally {
    await module.close();
  }
}

describe('documentedRoutes', () => {
  it("puts a handler's decorators together: path, method, pipe schemas, @Public, @ApiDoc", async () => {
    const [add, count] = await routesOf(ItemsController);
    expect(add).toMatchObject({
      method: 'post',
      path: '/items/{folder}',
      tag: 'items',
      security: ['accessToken'],
      body: itemSchema,
      errors: [409, 503],
    });
    expect(count).toMatchObject({ method: 'get', path: '/items/count', security: [], errors: [] });
  });

  it('refuses a handler without @ApiDoc, or one that declares its body twice', async () => {
    await expect(routesOf(UndocumentedController)).rejects.toThrow(
      'UndocumentedController.nowhere has no @ApiDoc',
    );
    await expect(routesOf(TwiceController)).rejects.toThrow(
      'TwiceController.twice: its body is in ValidBody already',
    );
  });
});
