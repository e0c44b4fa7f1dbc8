import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  API,
  CACHE_CONTROL,
  ERROR_CODE,
  errorBodySchema,
  httpFailureText,
  PROXY_TEXT,
  REQUEST_PATH_TEXT,
} from '@store-cloud/contracts';
import { proxyFailure, startPortalServer } from './portal-server';
import { REPO_ROOT } from './paths';

/** A service behind the portal that records what reaches it; a large body it refuses unread. */
interface StandIn {
  url: string;
  seen: string[];
  server: http.Server;
}
const BODY_LIMIT = 100 * 1024;

async function standIn(name: string): Promise<StandIn> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) {
      // As the backend's backup-body-limit does: answer at once, never read the body, close.
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ code: ERROR_CODE.validation, message: `${name}: too large` }));
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ service: name, url: req.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request: the path goes on the wire exactly as given (fetch would normalise it). */
function send(
  base: string,
  method: string,
  rawPath: string,
  body?: { declared: number; sent: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = http.request({
      host: hostname,
      port,
      method,
      path: rawPath,
      headers: body ? { 'content-length': body.declared, 'content-type': 'application/json' } : {},
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        });
        req.destroy();
      });
      res.on('error', reject);
    });
    if (!body) return void req.end();
    // Only `sent` bytes of the declared length: an answer can only come from whoever refused
    // the body unread.
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let left = body.sent;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      if (body.sent >= body.declared) req.end();
    };
    pump();
  });
}

const errorOf = (answer: Answer) => {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.body).not.toMatch(/ at |\/work|node_modules|Error:/);
  return errorBodySchema.strict().parse(JSON.parse(answer.body));
};

describe('portal server', () => {
  let backend: StandIn;
  let media: StandIn;
  let simulator: StandIn;
  let portal: http.Server;
  let base: string;
  let distDir: string;

  beforeAll(async () => {
    [backend, media, simulator] = await Promise.all([
      standIn('backend'),
      standIn('media'),
      standIn('simulator'),
    ]);
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<html>portal</html>');
    const started = await startPortalServer(
      {
        distDir,
        backendUrl: backend.url,
        mediaUrl: media.url,
        simulatorUrl: simulator.url,
        bosHosts: ['/bos1', '/bos2', '/bos3'],
      },
      '127.0.0.1',
      0,
    );
    portal = started.server;
    base = `http://127.0.0.1:${started.address.port}`;
  });
  afterAll(async () => {
    portal.closeAllConnections();
    for (const server of [portal, backend.server, media.server, simulator.server]) {
      await new Promise((resolve) => server.close(resolve));
    }
    fs.rmSync(distDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    for (const service of [backend, media, simulator]) service.seen.length = 0;
  });

  it('refuses an encoded traversal with 400 before any service sees it', async () => {
    const traversal = '/api/v1/broadcastMessage/%2e%2e/%2e%2e/%2e%2e/%2e%2e/bos1?c=101&s=1&d=em';
    const answer = await send(base, 'POST', traversal, { declared: 2, sent: 2 });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({
      code: ERROR_CODE.validation,
      message: REQUEST_PATH_TEXT.disguised,
      requestId: expect.any(String),
    });
    for (const p of [
      '/api/x/%2E%2E/bos1',
      '/media-server/a%2fb',
      '/api/..%5c..%5cbos1',
      '/api/../bos1',
    ]) {
      expect([p, (await send(base, 'GET', p)).status]).toEqual([p, 400]);
    }
    expect([...backend.seen, ...media.seen, ...simulator.seen]).toEqual([]);
  });

  it('answers a path that does not decode with 400 JSON, no stack, no file path', async () => {
    for (const p of ['/%c0%ae%c0%ae/x', '/%', '/%ZZ', '/api/v1/%ff']) {
      const answer = await send(base, 'GET', p);
      expect([p, answer.status]).toEqual([p, 400]);
      expect(errorOf(answer)).toEqual({
        code: ERROR_CODE.validation,
        message: REQUEST_PATH_TEXT.malformed,
        requestId: expect.any(String),
      });
    }
    expect([...backend.seen, ...media.seen, ...simulator.seen]).toEqual([]);
  });

  it('forwards exactly the path it decided on', async () => {
    await send(base, 'GET', '/api/v1/things?name=%2e%2e%2fx');
    await send(base, 'GET', '/bos1?c=101&s=1');
    await send(base, 'GET', '/media-server/companies/a%20b/pending/x.jpg');
    expect(backend.seen).toEqual(['GET /api/v1/things?name=%2e%2e%2fx']);
    expect(simulator.seen).toEqual(['GET /bos1?c=101&s=1']);
    expect(media.seen).toEqual(['GET /companies/a%20b/pending/x.jpg']);
  });

  it("passes a service's 413 on unchanged, without waiting for the body", async () => {
    const declared = 25 * 1024 * 1024;
    const refused = await send(base, 'POST', '/api/v1/big', { declared, sent: 1024 });
    expect(refused.status).toBe(413);
    expect(errorOf(refused)).toEqual({
      code: ERROR_CODE.validation,
      message: 'backend: too large',
    });
    // The whole body sent as a client does: still the service's 413, not a proxy error.
    const whole = await send(base, 'POST', '/media-server/mediaimage', {
      declared,
      sent: declared,
    });
    expect(whole.status).toBe(413);
    expect(errorOf(whole)).toEqual({ code: ERROR_CODE.validation, message: 'media: too large' });
  });

  it('answers a service that is down with 503 JSON, not 500 HTML', async () => {
    const down = http.createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    await new Promise((resolve) => down.close(resolve));
    const started = await startPortalServer(
      { distDir, backendUrl: url, mediaUrl: url, simulatorUrl: url, bosHosts: [] },
      '127.0.0.1',
      0,
    );
    try {
      const answer = await send(`http://127.0.0.1:${started.address.port}`, 'GET', '/api/v1/x');
      expect(answer.status).toBe(503);
      expect(errorOf(answer)).toEqual({
        code: ERROR_CODE.unavailable,
        message: PROXY_TEXT.unreachable,
        requestId: expect.any(String),
      });
    } finally {
      await new Promise((resolve) => started.server.close(resolve));
    }
  });

  it('sends a request that a killed API node refused to the next node, body and all', async () => {
    // The live node echoes what reached it; the other node's port is closed (killed a moment
    // ago: the balancer's probe has not seen it yet).
    const live = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            body: Buffer.concat(chunks).toString(),
            forwardedFor: req.headers['x-forwarded-for'],
          }),
        );
      });
    });
    const dead = http.createServer();
    const [liveUrl, deadUrl] = await Promise.all(
      [live, dead].map(async (server) => {
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      }),
    );
    await new Promise((resolve) => dead.close(resolve));
    const started = await startPortalServer(
      {
        distDir,
        backendUrl: deadUrl!,
        backendUrls: [deadUrl!, liveUrl!],
        mediaUrl: liveUrl!,
        simulatorUrl: liveUrl!,
        bosHosts: [],
      },
      '127.0.0.1',
      0,
    );
    try {
      const login = JSON.stringify({ username: 'a@b.local', password: 'Secret-Pass-1' });
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() =>
          fetch(`http://127.0.0.1:${started.address.port}${API.login}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: login,
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      for (const answer of answers) {
        expect(await answer.json()).toEqual({ body: login, forwardedFor: '127.0.0.1' });
      }
    } finally {
      await Promise.all(
        [started.server, live].map((s) => new Promise((resolve) => s.close(resolve))),
      );
    }
  });

  it('sends a GET again after a dying node reset its connection, but never a POST it may have run', async () => {
    // A node in the moment of its death: its socket still takes connections, then resets them.
    const dying = http.createServer();
    dying.on('connection', (socket) => socket.resetAndDestroy());
    const live = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end(JSON.stringify({ method: req.method })));
    });
    const [dyingUrl, liveUrl] = await Promise.all(
      [dying, live].map(async (server) => {
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      }),
    );
    const portalOf = async () =>
      startPortalServer(
        {
          distDir,
          backendUrl: dyingUrl!,
          backendUrls: [dyingUrl!, liveUrl!],
          mediaUrl: liveUrl!,
          simulatorUrl: liveUrl!,
          bosHosts: [],
        },
        '127.0.0.1',
        0,
      );
    const [forGet, forPost] = [await portalOf(), await portalOf()];
    try {
      const get = await fetch(`http://127.0.0.1:${forGet.address.port}${API.login}`);
      expect(get.status).toBe(200);
      const post = () =>
        fetch(`http://127.0.0.1:${forPost.address.port}${API.login}`, {
          method: 'POST',
          body: '{}',
        });
      // The first meets the dying node: 502, as nginx answers; the node is then left out.
      expect((await post()).status).toBe(502);
      expect((await Promise.all([1, 2, 3].map(post))).map((a) => a.status)).toEqual([
        200, 200, 200,
      ]);
    } finally {
      await Promise.all(
        [forGet.server, forPost.server, dying, live].map(
          (s) => new Promise((resolve) => s.close(resolve)),
        ),
      );
    }
  });

  it('answers a service that went down mid-answer with 502, and the portal words a down one as the spec says', async () => {
    // Killed while the request was in it: the connection is reset, no answer.
    const dying = http.createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    const dyingUrl = `http://127.0.0.1:${(dying.address() as AddressInfo).port}`;
    const down = http.createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    await new Promise((resolve) => down.close(resolve));
    const started = await startPortalServer(
      { distDir, backendUrl: dyingUrl, mediaUrl: downUrl, simulatorUrl: downUrl, bosHosts: [] },
      '127.0.0.1',
      0,
    );
    const portal = `http://127.0.0.1:${started.address.port}`;
    try {
      const killed = await send(portal, 'POST', '/api/v1/x', { declared: 10, sent: 10 });
      expect(killed.status).toBe(502);
      expect(errorOf(killed)).toEqual({
        code: ERROR_CODE.upstreamRefused,
        message: PROXY_TEXT.failed,
        requestId: expect.any(String),
      });
      // What the portal shows for it (api-client): the spec's generic failure text.
      const url = `${portal}/media-server/version`;
      const response = await fetch(url);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        code: ERROR_CODE.unavailable,
        message: PROXY_TEXT.unreachable,
        requestId: expect.any(String),
      });
      expect(httpFailureText(url, response.status, response.statusText)).toBe(
        `Http failure response for ${url}: 503 Service Unavailable`,
      );
    } finally {
      await new Promise((resolve) => started.server.close(resolve));
      await new Promise((resolve) => dying.close(resolve));
    }
  });

  it('answers 503, never 504, for every way a connection to a service fails to be made', () => {
    for (const code of ['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']) {
      const error = Object.assign(new Error(code), { code });
      expect([code, proxyFailure(error)]).toEqual([
        code,
        { status: 503, body: { code: ERROR_CODE.unavailable, message: PROXY_TEXT.unreachable } },
      ]);
    }
  });

  it('is what nginx answers in compose for an upstream that is down (its own 502 and 504)', () => {
    const conf = fs.readFileSync(path.join(REPO_ROOT, 'docker', 'nginx.conf'), 'utf8');
    expect(conf).toMatch(/^\s*error_page 502 504 =503 \/\.service-down;$/m);
    const body = JSON.stringify({ code: ERROR_CODE.unavailable, message: PROXY_TEXT.unreachable });
    expect(conf).toContain(`location = /.service-down {`);
    expect(conf).toContain(`return 503 '${body}';`);
  });

  it('serves the SPA revalidated and its own refusals uncached', async () => {
    const page = await send(base, 'GET', '/login');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await send(base, 'GET', '/%ZZ')).headers['cache-control']).toBe(CACHE_CONTROL.noStore);
  });
});
