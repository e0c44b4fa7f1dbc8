/**
 * The production portal of `npm start`: serves the built SPA (frontend/dist) and passes the
 * service paths on, as nginx does in docker compose (docker/nginx.conf). It lives beside the
 * launcher rather than in frontend/ because it is part of running the platform on one machine,
 * reads the launcher's environment and is started and supervised by it; the frontend package
 * stays a browser bundle. Run as `node --import tsx e2e/stack/portal-server.ts`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import compression from 'compression';
import express, { type Request } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { z } from 'zod';
import { BOS_APP, bosFrameOrigins, PORTAL_PROXY, portalCsp } from '@store-cloud/contracts';
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
  MEDIA_SERVER_URL: z.url(),
  BOS_HOSTS: z.string().default(''),
});

const pathOf = (req: Request | http.IncomingMessage) =>
  new URL(req.url ?? '/', 'http://portal').pathname;

/** The portal's express app: service proxies, then security headers, compression, files, SPA. */
export function portalApp(options: PortalServerOptions) {
  const backendPaths = new Set<string>(PORTAL_PROXY.backendPaths);
  const bosPaths = new Set([1, 2, 3].map((n) => BOS_APP.path(n)));
  const proxy = (target: string, pathFilter: (p: string) => boolean, extra = {}) =>
    createProxyMiddleware({
      target,
      xfwd: true,
      pathFilter: (_path, req) => pathFilter(pathOf(req)),
      ...extra,
    });
  const toBackend = proxy(
    options.backendUrl,
    (p) =>
      backendPaths.has(p) || PORTAL_PROXY.backendPrefixes.some((prefix) => p.startsWith(prefix)),
  );
  const toSocket = proxy(options.backendUrl, (p) => p.startsWith(PORTAL_PROXY.socketPrefix), {
    ws: true,
  });
  const toMedia = proxy(options.mediaUrl, (p) => p.startsWith(PORTAL_PROXY.mediaPrefix), {
    pathRewrite: (p: string) => p.slice(PORTAL_PROXY.mediaPrefix.length - 1),
  });
  const toBos = proxy(options.simulatorUrl, (p) => bosPaths.has(p));

  const app = express();
  app.disable('x-powered-by');
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
  return { app, upgrade: toSocket.upgrade };
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
