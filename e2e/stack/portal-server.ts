/**
 * The production portal of `npm start`: serves the built SPA (frontend/dist) and passes the
 * service paths on, as nginx does in docker compose (docker/nginx.conf). It lives beside the
 * launcher rather than in frontend/ because it is part of running the platform on one machine,
 * reads the launcher's environment and is started and supervised by it; the frontend package
 * stays a browser bundle. Run as `node --import tsx e2e/stack/portal-server.ts`.
 */
import './portal-tracing';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { z } from 'zod';
import {
  API,
  BOS_APP,
  bosFrameOrigins,
  CACHE_CONTROL,
  ERROR_CODE,
  healthOf,
  LIVE_HEALTH,
  PORTAL_PROXY,
  PROXY_TEXT,
  portalCsp,
  REQUEST_PATH_TEXT,
  requestPathProblem,
} from '@store-cloud/contracts';
import { requestIdOf } from '@store-cloud/node-kit';
import { BackendBalancer } from './backend-balancer';
import { REPO_ROOT } from './paths';
import { connectHost, urlHost } from './stack-env';

export const PORTAL_DIST = path.join(REPO_ROOT, 'frontend', 'dist');

/** Hashed build output: its name changes with its content, so browsers may keep it for good. */
const ASSETS_PREFIX = '/assets/';
export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
} as const;

export interface PortalServerOptions {
  distDir: string;
  backendUrl: string;
  /** Every API node (API_NODES), balanced round robin; default: backendUrl alone. */
  backendUrls?: string[];
  mediaUrl: string;
  /** The router simulator, whose back-office apps /bos1..3 the portal passes on. */
  simulatorUrl: string;
  /** BOS_HOSTS of the build: addresses here are allowed as frames (CSP frame-src). */
  bosHosts: string[];
}

const portSchema = z.coerce.number().int().min(1).max(65535);
const envSchema = z.object({
  PORTAL_PORT: portSchema.default(4200),
  SIMULATOR_PORT: portSchema.default(3200),
  HOST: z.string().default('127.0.0.1'),
  BACKEND_URL: z.url(),
  /** Set by the launcher (api-nodes.ts): every API node's address, comma-separated. */
  BACKEND_NODE_URLS: z.string().default(''),
  MEDIA_SERVER_URL: z.url(),
  BOS_HOSTS: z.string().default(''),
});

/**
 * The path exactly as it came and as the proxies forward it (never a normalised copy: a service
 * would read the raw one). refusePath lets only plain paths this far, so both are the same.
 */
const pathOf = (req: Request | http.IncomingMessage) => (req.url ?? '/').split('?', 1)[0]!;

type ErrorBody = { code: string; message: string };
/** The portal's own error answers carry a request id too (requestIdOf), as the services' do. */
function answerError(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  body: ErrorBody,
): void {
  const requestId = requestIdOf(req, res);
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': CACHE_CONTROL.noStore,
  });
  res.end(JSON.stringify({ ...body, requestId }));
}

/** Before any routing: a path a service could read otherwise than the portal does is refused. */
const refusePath: RequestHandler = (req, res, next) => {
  const problem = requestPathProblem(req.url);
  if (!problem) return next();
  answerError(req, res, 400, {
    code: ERROR_CODE.validation,
    message: REQUEST_PATH_TEXT[problem],
  });
};

/** The connection to the service could not be made: it is down (or its host is). */
const DOWN = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ETIMEDOUT',
]);

/**
 * A service that cannot be reached (503) or fails mid-answer (502, e.g. killed): JSON as the
 * services answer, never 500, and never 504 (no proxy timeout is set: a connect timeout is a
 * service that is down). The portal shows the spec's 'Http failure response for {url}:
 * {status} {statusText}' from the status line.
 */
export function proxyFailure(err: NodeJS.ErrnoException): { status: number; body: ErrorBody } {
  if (nodeFailure(err) === 'refused') {
    return { status: 503, body: { code: ERROR_CODE.unavailable, message: PROXY_TEXT.unreachable } };
  }
  return { status: 502, body: { code: ERROR_CODE.upstreamRefused, message: PROXY_TEXT.failed } };
}

/** Bodies that may not fit in the sockets' buffers before a service has read their headers. */
const LARGE_BODY_BYTES = 64 * 1024;

/**
 * A large body goes to a service only after the service asked for it (100 Continue, which Node's
 * servers send as soon as they have the headers, before their handlers run). A service that
 * refuses a body unread (413 on its declared length) answers and closes in that same moment, so
 * its answer reaches the portal before any byte of the body would hit the closed connection
 * (which would reset it and lose the answer). http-proxy pipes `req` to the service's request;
 * this request's own pipe is held until then.
 */
const bodyOnContinue: RequestHandler = (req, _res, next) => {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (req.headers['transfer-encoding'] === undefined && declared <= LARGE_BODY_BYTES) return next();
  req.headers.expect = '100-continue';
  const pipe = req.pipe.bind(req);
  req.pipe = <T extends NodeJS.WritableStream>(destination: T): T => {
    const upstream = destination as unknown as http.ClientRequest;
    let answered = false;
    upstream.once('response', () => (answered = true));
    // The answer may follow the 100 in the same read: see it before sending anything.
    upstream.once('continue', () => setImmediate(() => answered || pipe(destination)));
    return destination;
  };
  next();
};

/** Methods whose request may run twice with the same outcome (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * How a node failed a request without answering: 'refused' (nothing listens: the request never
 * reached it) or 'reset' (the connection closed before any answer: a node dying, whose socket
 * still took connections for a moment, or one that died while it had the request).
 */
function nodeFailure(err: NodeJS.ErrnoException): 'refused' | 'reset' | undefined {
  if (DOWN.has(err.code ?? '')) return 'refused';
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE') return 'reset';
  return undefined;
}

/** A small request's body, read before it goes to an API node, so that it can go to another. */
const KEPT_BODY = Symbol('kept body');
/** The x-forwarded headers as the client sent them (http-proxy appends to them on each send). */
const CLIENT_FORWARDED = Symbol('client forwarded headers');
/** How many API nodes refused the request's connection so far. */
const REFUSALS = Symbol('refusals');
type Resendable = http.IncomingMessage & {
  [KEPT_BODY]?: Buffer;
  [CLIENT_FORWARDED]?: http.IncomingHttpHeaders;
  [REFUSALS]?: number;
};
const FORWARDED = ['x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto'] as const;

/**
 * With several API nodes, a request whose body is small (a login, a form) is read whole before it
 * is sent, so that a node that refuses the connection (killed a moment ago, before the balancer
 * knew) is skipped and the request goes to the next node, as nginx's proxy_next_upstream does
 * in compose. A refused connection never reached the node, so it is sent again whatever its
 * method; a connection reset before any answer (the node may have had the request) only for an
 * idempotent method, as nginx does. Larger bodies stream as before: a refusal answers 503.
 */
const keepBodyToResend =
  (isBackendPath: (p: string) => boolean): RequestHandler =>
  (req, _res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const small = req.headers['transfer-encoding'] === undefined && declared <= LARGE_BODY_BYTES;
    if (!small || !isBackendPath(pathOf(req))) return next();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('error', next);
    req.once('end', () => {
      const resendable = req as Resendable;
      resendable[KEPT_BODY] = Buffer.concat(chunks);
      resendable[CLIENT_FORWARDED] = Object.fromEntries(FORWARDED.map((h) => [h, req.headers[h]]));
      next();
    });
  };

/** Writes a kept body to the node's request (http-proxy then ends it: the client's has ended). */
function sendKeptBody(proxyReq: http.ClientRequest, req: http.IncomingMessage): void {
  const body = (req as Resendable)[KEPT_BODY];
  if (body?.length) proxyReq.write(body);
}

/**
 * Whether a request refused by its node may go to another: its body was kept and fewer nodes
 * than there are refused it. Restores the client's x-forwarded headers for the next send.
 */
function mayResend(req: http.IncomingMessage, nodeCount: number): boolean {
  const resendable = req as Resendable;
  const original = resendable[CLIENT_FORWARDED];
  if (!resendable[KEPT_BODY] || !original) return false;
  resendable[REFUSALS] = (resendable[REFUSALS] ?? 0) + 1;
  if (resendable[REFUSALS] >= nodeCount) return false;
  for (const header of FORWARDED) {
    if (original[header] === undefined) delete req.headers[header];
    else req.headers[header] = original[header];
  }
  return true;
}

/**
 * The last handler: whatever fails in the portal itself is a JSON error without a stack (express's
 * own handler would print one, with file paths, outside production).
 */
const jsonErrors: ErrorRequestHandler = (err: { status?: unknown }, req, res, next) => {
  if (res.headersSent) return next(err);
  const client = typeof err.status === 'number' && err.status >= 400 && err.status < 500;
  const status = client ? (err.status as number) : 500;
  const code = !client
    ? ERROR_CODE.internal
    : status === 404
      ? ERROR_CODE.notFound
      : ERROR_CODE.validation;
  answerError(req, res, status, { code, message: http.STATUS_CODES[status] ?? '' });
};

/** The portal's express app: service proxies, then security headers, compression, files, SPA. */
export function portalApp(options: PortalServerOptions) {
  const backendPaths = new Set<string>(PORTAL_PROXY.backendPaths);
  const bosPaths = new Set([1, 2, 3].map((n) => BOS_APP.path(n)));
  const backendUrls = options.backendUrls?.length ? options.backendUrls : [options.backendUrl];
  const nodes = new BackendBalancer(backendUrls);
  // One node: a fixed target; several: each request (and websocket) to the next one up.
  const balanced = backendUrls.length > 1;
  const backendNode = balanced ? { router: (req: Request) => nodes.pick(req) } : {};
  const isBackendPath = (p: string) =>
    backendPaths.has(p) || PORTAL_PROXY.backendPrefixes.some((prefix) => p.startsWith(prefix));
  const proxy = (target: string, pathFilter: (p: string) => boolean, extra = {}) =>
    createProxyMiddleware<Request, http.ServerResponse>({
      target,
      xfwd: true,
      pathFilter: (_path, req) => pathFilter(pathOf(req)),
      on: {
        proxyReq: sendKeptBody,
        // The client's body will not be read to its end: its connection closes after the answer.
        proxyRes: (proxyRes, req) => {
          if (!req.complete) proxyRes.headers.connection = 'close';
        },
        error: (err, req, res) => {
          const failure = nodeFailure(err as NodeJS.ErrnoException);
          if (failure) nodes.failed(req);
          // A websocket: nothing to answer on.
          if (!(res instanceof http.ServerResponse)) return void res.destroy();
          if (res.headersSent) return void res.destroy();
          const { status, body } = proxyFailure(err as NodeJS.ErrnoException);
          const safe =
            failure === 'refused' || (failure === 'reset' && IDEMPOTENT.has(req.method!));
          if (safe && balanced && mayResend(req, backendUrls.length)) {
            // To the next node up (this one is now left out).
            return void toBackend(req as Request, res as express.Response, () =>
              answerError(req, res, status, body),
            );
          }
          answerError(req, res, status, body);
        },
      },
      ...extra,
    });
  const toBackend = proxy(options.backendUrl, isBackendPath, backendNode);
  const toSocket = proxy(options.backendUrl, (p) => p.startsWith(PORTAL_PROXY.socketPrefix), {
    ws: true,
    ...backendNode,
  });
  const toMedia = proxy(options.mediaUrl, (p) => p.startsWith(PORTAL_PROXY.mediaPrefix), {
    pathRewrite: (p: string) => p.slice(PORTAL_PROXY.mediaPrefix.length - 1),
  });
  const toBos = proxy(options.simulatorUrl, (p) => bosPaths.has(p));

  const app = express();
  app.disable('x-powered-by');
  app.use(refusePath, bodyOnContinue);
  // The portal's own health (the services answer theirs): ready while it has the SPA to serve;
  // a service behind it that is down is that service's readiness, not the portal's.
  app.get(API.healthLive, (_req, res) => void res.json(LIVE_HEALTH));
  app.get(API.healthReady, (_req, res) => {
    const health = healthOf({ portal: fs.existsSync(path.join(options.distDir, 'index.html')) });
    res.status(health.status === 'ok' ? 200 : 503).json(health);
  });
  if (balanced) app.use(keepBodyToResend(isBackendPath));
  app.use(toBackend, toSocket, toMedia, toBos);
  app.use(helmet(securityHeaders()));
  const csp = portalCsp(bosFrameOrigins(options.bosHosts));
  app.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', csp);
    next();
  });
  app.use(compression());
  app.use(
    express.static(options.distDir, {
      index: false,
      setHeaders: (res, file) => {
        const hashed = file.startsWith(path.join(options.distDir, ASSETS_PREFIX));
        res.setHeader('Cache-Control', hashed ? CACHE.immutable : CACHE.revalidate);
      },
    }),
  );
  // A missing asset is a 404, never the SPA (a stale page would parse HTML as script).
  app.use(ASSETS_PREFIX, (_req, res) => void res.sendStatus(404));
  // Client-side routes (/login, /home, /function/2 ...) all get index.html, never cached, so a
  // new release is picked up on the next load.
  app.get('/{*path}', (_req, res) => {
    res.setHeader('Cache-Control', CACHE.revalidate);
    res.sendFile(path.join(options.distDir, 'index.html'));
  });
  app.use(jsonErrors);
  const upgrade = (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    if (requestPathProblem(req.url ?? '/')) return void socket.destroy();
    toSocket.upgrade(req, socket, head);
  };
  return { app, upgrade };
}

/**
 * helmet's headers for the SPA, the same as nginx's in compose (contracts portalCsp and
 * PORTAL_HEADERS): frames from the portal and the BOS hosts, framed by nobody else. No HSTS and
 * no upgrade-insecure-requests: this server speaks plain HTTP.
 */
export function securityHeaders(): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: false, // set below from the one portalCsp()
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'sameorigin' },
  };
}

/** Starts the portal on host:port; resolves with the address it really bound. */
export async function startPortalServer(
  options: PortalServerOptions,
  host: string,
  port: number,
): Promise<{ server: http.Server; address: AddressInfo }> {
  const { app, upgrade } = portalApp(options);
  const server = http.createServer(app);
  server.on('upgrade', upgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return { server, address: server.address() as AddressInfo };
}

async function main(): Promise<void> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment for the portal server: ${names}`);
  }
  const env = parsed.data;
  const { server, address } = await startPortalServer(
    {
      distDir: PORTAL_DIST,
      backendUrl: env.BACKEND_URL,
      backendUrls: env.BACKEND_NODE_URLS.split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      mediaUrl: env.MEDIA_SERVER_URL,
      simulatorUrl: `http://${urlHost(connectHost(env.HOST))}:${env.SIMULATOR_PORT}`,
      bosHosts: env.BOS_HOSTS.split(',').map((h) => h.trim()),
    },
    env.HOST,
    env.PORTAL_PORT,
  );
  console.log(
    `Portal (built SPA from ${path.relative(REPO_ROOT, PORTAL_DIST)}) listening on http://${urlHost(address.address)}:${address.port}`,
  );
  // Nothing to finish: proxied sockets and requests are the services' own to end.
  const exit = () => {
    server.close();
    process.exit(0);
  };
  process.once('SIGTERM', exit);
  process.once('SIGINT', exit);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
