import { redactUrlSecrets } from '@store-cloud/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestIdOf } from './request-id';
import type { Server } from 'node:http';

/**
 * pino-http options the services share: one line per request with method, url (secret query
 * values such as a site token blanked), status and time; no headers, no query object. The
 * request's id (requestIdOf: a sane incoming X-Request-Id or a new one) is on each line.
 */
export const REQUEST_LOG_OPTIONS = {
  genReqId: (req: IncomingMessage, res: ServerResponse) => requestIdOf(req, res),
  serializers: {
    req: (req: { id?: unknown; method?: string; url?: string }) => ({
      id: req.id,
      method: req.method,
      url: req.url && redactUrlSecrets(req.url),
    }),
    res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  },
  customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
    err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
} as const;

/** The URL a listening server really bound (server.address()), e.g. http://127.0.0.1:3100. */
export function boundUrl(server: Server): string {
  const { address, port } = server.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}
