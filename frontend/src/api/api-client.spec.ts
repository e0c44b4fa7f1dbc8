// @vitest-environment node
/**
 * The client against a real HTTP server on a free port: the header it sends, the contract
 * parsing and the failure shape (no fetch stub).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCESS_TOKEN_HEADER,
  API,
  ERROR_CODE,
  httpFailureText,
  LOGIN_TEXT,
  loginResultSchema,
  versionInfoSchema,
} from '@store-cloud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

let server: Server;
let baseUrl: string;
const seen: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];

const VERSION = { version: '1.2.3', node: '20.20.0', express: '5.1.0', mongo: '7.0.0' };
const UNAUTHENTICATED = { code: ERROR_CODE.unauthenticated, message: 'token expired' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const reply = (status: number, payload: unknown, statusText?: string) => {
        res.writeHead(status, statusText, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url === API.version) return reply(200, VERSION);
      if (req.url === '/drifted') return reply(200, { version: 1 });
      if (req.url === API.login)
        return reply(
          401,
          { code: ERROR_CODE.invalidCredentials, message: LOGIN_TEXT.failed },
          'Unauthorized',
        );
      if (req.url?.startsWith('/portal/')) return reply(401, UNAUTHENTICATED, 'Unauthorized');
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (onUnauthorized = () => {}) =>
  createApiClient({ baseUrl, getToken: () => 'h.p.s', onUnauthorized });

describe('api client', () => {
  it('parses a response with its schema and sends the token on protected calls', async () => {
    await expect(client()('/version', versionInfoSchema, { public: false })).resolves.toEqual(
      VERSION,
    );
    expect(seen.at(-1)?.headers[ACCESS_TOKEN_HEADER]).toBe('h.p.s');
  });

  it('sends no token on public calls', async () => {
    await client()(API.version, versionInfoSchema);
    expect(seen.at(-1)?.headers[ACCESS_TOKEN_HEADER]).toBeUndefined();
  });

  it('fails loudly when the response drifts from the contract', async () => {
    await expect(client()('/drifted', versionInfoSchema)).rejects.toBeInstanceOf(ZodError);
  });

  it('throws an ApiError with the error body and the generic failure text', async () => {
    const error = await client()(API.login, loginResultSchema, {
      method: 'POST',
      body: { username: 'a@b.c', password: 'x' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(401);
    expect(apiError.code).toBe(ERROR_CODE.invalidCredentials);
    expect(apiError.body?.message).toBe(LOGIN_TEXT.failed);
    expect(apiError.message).toBe(httpFailureText(`${baseUrl}${API.login}`, 401, 'Unauthorized'));
    expect(JSON.parse(seen.at(-1)?.body ?? '')).toEqual({ username: 'a@b.c', password: 'x' });
  });

  it('logs out on a 401 from a protected call, not from the login call', async () => {
    let loggedOut = 0;
    const request = client(() => (loggedOut += 1));
    await expect(
      request(API.login, loginResultSchema, { method: 'POST', body: {} }),
    ).rejects.toThrow();
    expect(loggedOut).toBe(0);
    await expect(request('/portal/systemstatus', versionInfoSchema)).rejects.toThrow(ApiError);
    expect(loggedOut).toBe(1);
  });

  it('keeps a non-JSON failure as an ApiError without a body', async () => {
    const error = (await client()('/elsewhere', versionInfoSchema, { query: { c: 1, s: 2 } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.message).toBe(httpFailureText(`${baseUrl}/elsewhere?c=1&s=2`, 502, 'Bad Gateway'));
  });
});
