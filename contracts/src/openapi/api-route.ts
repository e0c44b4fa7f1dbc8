import type { z } from 'zod';

/** head and options only where a route answers them itself (the relay's 405). */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/**
 * How a caller proves who it is; a route lists the ways it accepts (any one will do).
 * accessToken: the portal's login token in ACCESS_TOKEN_HEADER; siteToken: a store connection's
 * token in SITE_TOKEN_HEADER; storeSecret: a store's tentacle secret in STORE_SECRET_HEADER;
 * backupKey: another backup server's key in BACKUP_KEY_HEADER; mediaServiceKey: the media
 * server's MEDIA_SERVICE_KEY in MEDIA_SERVICE_KEY_HEADER; metricsToken: a Prometheus scrape's
 * METRICS_TOKEN as a bearer token; apiToken: an integration's `sc_…` API token as a bearer token
 * (issue 27), which every accessToken route also takes within the token's scopes.
 */
export type ApiSecurity =
  | 'accessToken'
  | 'siteToken'
  | 'storeSecret'
  | 'backupKey'
  | 'mediaServiceKey'
  | 'metricsToken'
  | 'apiToken';

/** What a route answers when it succeeds. */
export interface ApiAnswer {
  /** default: any other status (the relay's store answers with its own). */
  status: number | 'default';
  description: string;
  /** The JSON body; none: an empty answer (204) or a non-JSON one (contentType). */
  schema?: z.ZodType;
  /** Other than application/json: text/html, image/*, ... (several: any one of them). */
  contentType?: string | readonly string[];
}

/**
 * One HTTP route of a service, as its documentation tells it. Path parameters are written as
 * in OpenAPI ({folder}); the services' routers write them :folder, or *path for the rest of a path.
 */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Empty: public. */
  security: readonly ApiSecurity[];
  query?: z.ZodType;
  /** A JSON body, or a multipart upload whose file is in the named field. */
  body?: z.ZodType | { multipartFile: string };
  answers: readonly ApiAnswer[];
  /**
   * Error statuses besides those every route of its kind has (400, 413 with a body, 401 when it
   * needs a token, 500): each answers an errorBodySchema body.
   */
  errors?: readonly number[];
}

/** An OpenAPI path as Express routes write it: /companies/{folder} is /companies/:folder. */
export const toExpressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** An Express route path as OpenAPI writes it: :folder and *path (the rest of a path) are {…}. */
export const fromExpressPath = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');
