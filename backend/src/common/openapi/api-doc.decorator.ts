import { SetMetadata } from '@nestjs/common';
import type { ApiAnswer, ApiRoute, ApiSecurity, HttpMethod } from '@store-cloud/contracts';
import type { z } from 'zod';

export const API_DOC_KEY = 'apiDoc';

/**
 * What a route's documentation adds to what its handler's decorators already say. The method
 * and path come from @Get/@Post/..., the body and query schemas from ValidBody/ValidQuery, the
 * default security from @Public (none) or its absence (the access token); documentedRoutes
 * (documented-routes.ts) puts them together for the OpenAPI document.
 */
export interface ApiDocOptions {
  tag: string;
  summary: string;
  description?: string;
  /** Other ways than the default (the handler's guard checks a key or token itself). */
  security?: readonly ApiSecurity[];
  /** Only for a handler without a ValidQuery/ValidBody pipe (it reads the request itself). */
  query?: z.ZodType;
  body?: ApiRoute['body'];
  answers: readonly ApiAnswer[];
  /** As ApiRoute.errors; 503 (MongoDB or Redis down) is added unless storage is false. */
  errors?: readonly number[];
  /** false: the route answers without MongoDB and Redis (the docs). */
  storage?: false;
  /** A route shared with another service (METRICS_ROUTE) names its own: they must agree. */
  method?: HttpMethod;
  path?: string;
}

/** An @All handler documents each method it answers (the relay: 405 for HEAD and OPTIONS). */
export interface ApiDocPerMethod {
  perMethod: Partial<Record<HttpMethod, ApiDocOptions>>;
}

/** The one declaration of a route's documentation, on its handler. */
export const ApiDoc = (doc: ApiDocOptions | ApiDocPerMethod) => SetMetadata(API_DOC_KEY, doc);

export const ok = (schema: z.ZodType, description = 'Done'): ApiAnswer[] => [
  { status: 200, description, schema },
];
export const created = (schema: z.ZodType, description = 'Created'): ApiAnswer[] => [
  { status: 201, description, schema },
];
export const noContent: ApiAnswer[] = [{ status: 204, description: 'Done; no body' }];
