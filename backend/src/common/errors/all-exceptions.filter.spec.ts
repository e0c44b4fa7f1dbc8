import { Controller, Get, type INestApplication, Query } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ERROR_CODE, errorBodySchema } from '@store-cloud/contracts';
import request from 'supertest';
import { z } from 'zod';
import { AllExceptionsFilter } from './all-exceptions.filter';

const pageSchema = z.object({ page: z.coerce.number().int().min(1) });

/** A handler that parses its input itself, as the relay does, instead of through the pipe. */
@Controller()
class ParsingController {
  @Get('parse')
  parse(@Query() query: unknown) {
    return pageSchema.parse(query);
  }
}

describe('AllExceptionsFilter', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ParsingController],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalFilters(new AllExceptionsFilter());
    await app.init();
  });
  afterAll(() => app?.close());

  it('answers a ZodError thrown in a handler with 400 and its issues, not 500', async () => {
    const res = await request(app.getHttpServer()).get('/parse').query({ page: '0' }).expect(400);
    const body = errorBodySchema.parse(res.body);
    expect(body.code).toBe(ERROR_CODE.validation);
    expect(body.issues).toEqual([{ path: 'page', message: expect.any(String) }]);
    expect(body.message).toContain('page');
    await request(app.getHttpServer()).get('/parse').query({ page: '2' }).expect(200, { page: 2 });
  });
});
