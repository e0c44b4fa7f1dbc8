import {
  ERROR_CODE,
  errorBodySchema,
  REQUEST_PATH_TEXT,
  SITE_ERROR_CODE,
} from '@store-cloud/contracts';
import express from 'express';
import type { Server } from 'node:http';
import pino from 'pino';
import { z } from 'zod';
import { errorOfStatus, GENERIC_ERROR_MESSAGE, toErrorBody } from './error-body';
import { errorHandler, malformedPathHandler, notFoundHandler } from './express-error-handlers';
import { CodedError, HttpError, NotFoundError, parseOr400 } from './http-errors';
import { boundUrl } from './http-logging';

describe('toErrorBody', () => {
  it('answers an HttpError with its status, code, message and issues', () => {
    const issues = [{ path: 'name', message: 'is taken' }];
    expect(toErrorBody(new HttpError(409, ERROR_CODE.fileExists, 'a.png exists', issues))).toEqual({
      status: 409,
      body: { code: ERROR_CODE.fileExists, message: 'a.png exists', issues },
    });
    expect(toErrorBody(new NotFoundError('No store 7'))).toEqual({
      status: 404,
      body: { code: ERROR_CODE.notFound, message: 'No store 7' },
    });
  });

  it('gives an error known by its code the status of that code', () => {
    expect(toErrorBody(new CodedError(SITE_ERROR_CODE.storeTimeout, 'too slow')).status).toBe(504);
    expect(toErrorBody(new CodedError(ERROR_CODE.invalidCredentials, 'no')).status).toBe(401);
  });

  it('answers a ZodError thrown in a handler with 400 and its issues', () => {
    const schema = z.object({ page: z.number().int().min(1) });
    const { status, body } = toErrorBody(schema.safeParse({ page: 0 }).error);
    expect(status).toBe(400);
    expect(errorBodySchema.parse(body)).toEqual({
      code: ERROR_CODE.validation,
      message: expect.stringMatching(/^page: /),
      issues: [{ path: 'page', message: expect.any(String) }],
    });
    // An issue about the whole value names the request, not an empty path.
    expect(toErrorBody(schema.safeParse('x').error).body.issues).toEqual([
      { path: 'request', message: expect.any(String) },
    ]);
  });

  it('answers anything unexpected with a generic 500 that leaks nothing', () => {
    const error = new Error('connect ECONNREFUSED 10.0.0.5:27017 password=hunter2');
    for (const thrown of [error, 'a string', undefined, null, { status: 500, expose: true }]) {
      expect(toErrorBody(thrown)).toEqual({
        status: 500,
        body: { code: ERROR_CODE.internal, message: GENERIC_ERROR_MESSAGE },
      });
    }
  });

  it('answers a 4xx the parser did not mark safe to show as an unexpected error', () => {
    expect(toErrorBody({ status: 400, message: 'secret detail' }).status).toBe(500);
  });

  it('gives a status known only by its number its code and a plain message', () => {
    expect(errorOfStatus(405).code).toBe(ERROR_CODE.methodNotAllowed);
    expect(errorOfStatus(418)).toMatchObject({
      code: ERROR_CODE.validation,
      message: 'Request refused',
    });
    expect(errorOfStatus(503)).toMatchObject({
      code: ERROR_CODE.unavailable,
      message: GENERIC_ERROR_MESSAGE,
    });
  });
});

describe('errorHandler', () => {
  let server: Server;
  let base: string;
  const logged: string[] = [];

  beforeAll(async () => {
    const app = express();
    // What pino-http does in the services: a logger on every request.
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(line) });
    app.use((req, _res, next) => {
      Object.assign(req, { log: logger });
      next();
    });
    app.use(malformedPathHandler);
    app.use(express.json({ limit: '100b' }));
    app.post('/echo', (req, res) => {
      res.json(parseOr400(z.object({ name: z.string() }), req.body));
    });
    app.get('/boom', () => {
      throw new Error('internal detail: /srv/secret/path');
    });
    app.use(notFoundHandler);
    app.use(errorHandler);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = boundUrl(server);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = (body: string) =>
    fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  /** The answer without its request id, which every error body carries (issue 28). */
  const answer = async (res: Response) => {
    const { requestId, ...body } = errorBodySchema.strict().parse(await res.json());
    expect(requestId).toEqual(expect.stringMatching(/^[A-Za-z0-9._:-]{8,64}$/));
    return { status: res.status, body };
  };

  it('answers a body that is not JSON 400 without quoting it back', async () => {
    expect(await answer(await post('{"name": secret-bits'))).toEqual({
      status: 400,
      body: { code: ERROR_CODE.validation, message: 'Request body is not valid JSON' },
    });
  });

  it('answers a body over the limit 413', async () => {
    expect(await answer(await post(JSON.stringify({ name: 'x'.repeat(200) })))).toEqual({
      status: 413,
      body: { code: ERROR_CODE.validation, message: 'Request body is too large' },
    });
  });

  it('answers a body that fails the schema 400 with its issues', async () => {
    const { status, body } = await answer(await post('{"name": 1}'));
    expect(status).toBe(400);
    expect(body.issues).toEqual([{ path: 'name', message: expect.any(String) }]);
    expect((await post('{"name": "a"}')).status).toBe(200);
  });

  it('answers an unexpected error 500 without its message, and logs the error', async () => {
    expect(await answer(await fetch(`${base}/boom`))).toEqual({
      status: 500,
      body: { code: ERROR_CODE.internal, message: GENERIC_ERROR_MESSAGE },
    });
    expect(logged.join('')).toContain('internal detail: /srv/secret/path');
  });

  it('answers a path whose percent-encoding does not decode 400, before any route', async () => {
    for (const p of ['/%c0%ae%c0%ae/x', '/%', '/%ZZ', '/echo/%ff']) {
      expect([p, await answer(await fetch(`${base}${p}`))]).toEqual([
        p,
        {
          status: 400,
          body: { code: ERROR_CODE.validation, message: REQUEST_PATH_TEXT.malformed },
        },
      ]);
    }
    expect(toErrorBody(new URIError('URI malformed')).status).toBe(400);
  });

  it('answers an unknown route 404', async () => {
    expect(await answer(await fetch(`${base}/nowhere`))).toEqual({
      status: 404,
      body: { code: ERROR_CODE.notFound, message: 'No route for GET /nowhere' },
    });
  });
});
