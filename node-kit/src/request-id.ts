import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The header that carries a request's id in (from a proxy or a client) and back out. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is a short plain token (it reaches logs and answers). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The id of a request, made once: the caller's X-Request-Id when sane, else a new UUID. It is
 * set as the answer's X-Request-Id header and kept on req.id (pino-http logs it on each line of
 * the request; error bodies carry it as requestId), so a user can quote it and an operator find
 * the request's lines.
 */
export function requestIdOf(req: IncomingMessage & { id?: unknown }, res?: ServerResponse): string {
  if (typeof req.id === 'string') return req.id;
  const incoming = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const id =
    typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  if (res && !res.headersSent) res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
