import { METRICS_PATH, METRICS_PREFIX, METRICS_TEXT } from '@store-cloud/contracts';
import type { Request, RequestHandler } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { toErrorBody } from './error-body';
import { NotFoundError, UnauthenticatedError } from './http-errors';

/**
 * What the Node services share for Prometheus metrics (issue 28): a registry with the Node
 * defaults, the HTTP request histogram by route template, the bearer check of METRICS_TOKEN and
 * the server of a METRICS_PORT of its own. Each service registers its own series on top.
 */

/** The environment fields every service reads for its metrics (see docs/configuration.md). */
export const METRICS_ENV = {
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe(
      'Backend, worker, media server: the bearer token of `GET /metrics` (Prometheus text format, [operating.md](operating.md#metrics-and-monitoring)); at least 16 characters. Unset: `/metrics` on the HTTP port answers 404 (off), and a `METRICS_PORT` asks for no token',
    ),
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .optional()
    .describe(
      "Backend, worker, media server: also serve `/metrics` on this port of its own, on `HOST` (the worker's only HTTP; compose: 9464 inside its network, never published). Bearer-checked when `METRICS_TOKEN` is set; `0`: any free port",
    ),
  METRICS_READ_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a number of milliseconds')
    .min(0, 'must be 0 or more')
    .default(30_000)
    .describe(
      'Gauges read from the database, Redis or the disk (stores online, queues, held messages, backup age; media files per company) are read again at most this often, whatever the number of scrapes',
    ),
};

/** A registry with the Node defaults (event loop lag, GC, heap, handles), all METRICS_PREFIX. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });
  // Gauges named *_total break the naming rules (promtool check metrics); the same counts stay
  // by type in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
  for (const kind of ['handles', 'requests', 'resources']) {
    registry.removeSingleMetric(`${METRICS_PREFIX}nodejs_active_${kind}_total`);
  }
  return registry;
}

/** Seconds, from a millisecond-ish request to a ten-second relay timeout and beyond. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function httpRequestHistogram(registry: Registry) {
  return new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route template (never the raw path) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
}

/** Methods as labels: anything else a client sends is 'other' (a label value per verb is unbounded). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route a request matched, as its router wrote it (/companies/:folder), or 'unmatched':
 * a raw path would make a series per store, file or scanner probe.
 */
export function routeTemplate(req: Request): string {
  const route = (req as { route?: { path?: unknown } }).route;
  if (!route || typeof route.path !== 'string') return 'unmatched';
  return `${req.baseUrl}${route.path}`;
}

/** Times every request to its finish (or the client's close) into the histogram. */
export function httpMetricsMiddleware(
  histogram: Histogram<'method' | 'route' | 'status'>,
): RequestHandler {
  return (req, res, next) => {
    const end = histogram.startTimer();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      end({
        method: KNOWN_METHODS.has(req.method) ? req.method : 'other',
        route: routeTemplate(req),
        status: String(res.statusCode),
      });
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a scrape may read the metrics: with a token, only `Authorization: Bearer <token>`
 * (compared in constant time); without one, only where `openWithoutToken` (a METRICS_PORT of
 * its own, which compose keeps on the internal network). Throws the HttpError to answer.
 */
export function checkMetricsAccess(
  authorization: string | undefined,
  token: string | undefined,
  openWithoutToken: boolean,
): void {
  if (!token) {
    if (openWithoutToken) return;
    throw new NotFoundError(METRICS_TEXT.off);
  }
  const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  if (!timingSafeEqual(digest(presented), digest(token))) {
    throw new UnauthenticatedError(METRICS_TEXT.unauthorized);
  }
}

/** The registry's text, after `refresh` (a service's cached gauges) has had its turn. */
export async function renderMetrics(
  registry: Registry,
  refresh?: () => Promise<void>,
): Promise<{ contentType: string; body: string }> {
  await refresh?.();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

export interface MetricsServerOptions {
  port: number;
  host: string;
  registry: Registry;
  token?: string;
  refresh?: () => Promise<void>;
}

/**
 * /metrics on a port of its own (METRICS_PORT): the worker's only HTTP, and an option for the
 * others. Bearer-checked when METRICS_TOKEN is set, open otherwise. Resolves once listening.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const path = (req.url ?? '').split('?')[0];
        if (req.method !== 'GET' || path !== METRICS_PATH) throw new NotFoundError();
        checkMetricsAccess(req.headers.authorization, options.token, true);
        const { contentType, body } = await renderMetrics(options.registry, options.refresh);
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        res.end(body);
      } catch (error) {
        const { status, body } = toErrorBody(error);
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** The port a metrics server bound (METRICS_PORT may be 0). */
export const metricsServerPort = (server: http.Server) => (server.address() as AddressInfo).port;
