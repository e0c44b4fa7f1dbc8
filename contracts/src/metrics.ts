import type { ApiRoute } from './openapi/api-route';

/**
 * Prometheus metrics (issue 28): the path every service serves them at, the prefix of every
 * series, and what a refused scrape is told. docs/operating.md#metrics-and-monitoring.
 */
export const METRICS_PATH = '/metrics';

/** Every series a service registers starts with this (the Node defaults too). */
export const METRICS_PREFIX = 'storecloud_';

export const METRICS_TEXT = {
  unauthorized: 'Metrics need the bearer token of METRICS_TOKEN',
  off: 'Metrics are off on this port: set METRICS_TOKEN (or scrape METRICS_PORT)',
} as const;

/**
 * GET /metrics as the backend's and the media server's route tables list it: the Prometheus
 * text format with METRICS_TOKEN as a bearer token; 404 while no token is set (the route is off
 * on the main port; a METRICS_PORT of its own still serves it).
 */
export const METRICS_ROUTE: ApiRoute = {
  method: 'get',
  path: METRICS_PATH,
  tag: 'system',
  summary: 'Prometheus metrics (text format 0.0.4)',
  security: ['metricsToken'],
  answers: [{ status: 200, description: 'The metrics', contentType: 'text/plain' }],
  errors: [404],
};
