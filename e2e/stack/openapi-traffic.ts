import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fromExpressPath, type OpenApiDocument } from '@store-cloud/contracts';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { NextFunction, Request, Response } from 'express';
import OpenAPIBackend, { type Operation } from 'openapi-backend';

/**
 * Holds every answer of a test app to its OpenAPI document (the backend's and the media
 * server's integration tests share it). The harness records each request the app answers
 * (recordExchanges) and checks it with a third-party validator (openapi-backend, whose Ajv here
 * speaks JSON Schema 2020-12 as OpenAPI 3.1 does): the route and the status must be documented,
 * the content type must be one the answer documents, and a JSON body must fit its schema. The
 * harness fails the spec file with the list of what differs.
 */

/** One request the app answered, as the recorder saw it. */
export interface Exchange {
  method: string;
  /** The raw path, without the query. */
  url: string;
  /** The Express route that took it (:param and *rest), if a route did. */
  route?: string;
  status: number;
  contentType?: string;
  /** The body as sent; undefined when it was too large to keep (then only its type is checked). */
  body: Buffer | undefined;
  /** The jest test that made the call, for the report. */
  test?: string;
}

type ResponseObject = { content?: Record<string, { schema?: unknown }> };

const CHECKED_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
/** The catch-all route Nest answers 404 on for every path no route took. */
const NOT_FOUND_ROUTE = '/{*path}';
/** What an answer keeps for the check: more than any JSON answer of a test, less than a file. */
const MAX_RECORDED_BYTES = 4 * 1024 * 1024;

/** One compiled validator per document (the backend's, the media server's) and jest worker. */
const validators = new Map<string, Promise<OpenAPIBackend>>();

/** The same document object (each app builds its own once) needs no look-up by content. */
const byDocument = new WeakMap<OpenApiDocument, Promise<OpenAPIBackend>>();

function validatorFor(document: OpenApiDocument): Promise<OpenAPIBackend> {
  const known = byDocument.get(document);
  if (known) return known;
  const key = JSON.stringify(document.paths);
  let api = validators.get(key);
  if (!api) {
    const backend = new OpenAPIBackend({
      // A copy: init() dereferences the definition in place.
      definition: structuredClone(document) as never,
      // No check of the document itself (its 3.0-minded schema refuses 3.1's JSON Schema; the
      // media server's contracts/src/openapi/openapi-document.spec.ts and the backend's
      // backend/test/docs.int-spec.ts check it): dereference and compile lazily.
      quick: true,
      // JSON Schema 2020-12 (OpenAPI 3.1), not Ajv's default draft-07.
      customizeAjv: (_ajv, options) => {
        const ajv = new Ajv2020({ ...options, strict: false, allErrors: true });
        addFormats(ajv);
        return ajv as never;
      },
    });
    api = backend.init();
    validators.set(key, api);
  }
  byDocument.set(document, api);
  return api;
}

const errorBodyValidators = new WeakMap<OpenApiDocument, ValidateFunction>();

/** What a path no route serves must answer: an error body (components.schemas.ErrorBody). */
function checkErrorBody(document: OpenApiDocument, exchange: Exchange): string | undefined {
  const type = mediaType(exchange.contentType);
  if (type !== 'application/json' || !exchange.body) {
    return `answered ${type ?? 'no content type'}; an error body is application/json`;
  }
  let validate = errorBodyValidators.get(document);
  if (!validate) {
    validate = new Ajv2020({ strict: false, allErrors: true }).compile(
      document.components.schemas.ErrorBody!,
    );
    errorBodyValidators.set(document, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(exchange.body.toString('utf8'));
  } catch {
    return 'answered application/json that does not parse';
  }
  return validate(body) ? undefined : `the error body: ${describeErrors(validate.errors ?? [])}`;
}

const describeErrors = (errors: ErrorObject[]) =>
  errors
    .map(
      (e) => `body${e.instancePath || ''} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`,
    )
    .join('; ');

/** The media type without parameters: 'application/json; charset=utf-8' is application/json. */
const mediaType = (contentType: string | undefined) =>
  contentType?.split(';')[0]!.trim().toLowerCase();

function documentedMediaType(documented: string[], actual: string): string | undefined {
  return documented.find((type) => {
    const [wanted, wantedSub] = type.toLowerCase().split('/');
    const [main, sub] = actual.split('/');
    return (wanted === '*' || wanted === main) && (wantedSub === '*' || wantedSub === sub);
  });
}

function responseFor(operation: Operation, status: number): ResponseObject | undefined {
  const responses = (operation.responses ?? {}) as Record<string, ResponseObject>;
  return (
    responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default
  );
}

function operationFor(api: OpenAPIBackend, exchange: Exchange): Operation | undefined {
  const method = exchange.method.toLowerCase();
  if (exchange.route) {
    const path = fromExpressPath(exchange.route);
    const byRoute = api.router.getOperations().find((o) => o.path === path && o.method === method);
    if (byRoute) return byRoute;
  }
  // No route took it (a middleware answered first): match the raw path against the document.
  return api.router.matchOperation({ method, path: exchange.url, headers: {}, query: {} });
}

/** What differs between an answer and its document, or undefined when they agree. */
export async function checkExchange(
  document: OpenApiDocument,
  exchange: Exchange,
): Promise<string | undefined> {
  const method = exchange.method.toLowerCase();
  if (!CHECKED_METHODS.has(method)) return undefined;
  const api = await validatorFor(document);
  const operation = operationFor(api, exchange);
  if (!operation) {
    if (exchange.route) return 'the route is not documented';
    // A path no route serves (404, or 400 for one that does not decode) answers an error body.
    return exchange.status >= 400 ? checkErrorBody(document, exchange) : 'no route serves it';
  }
  const response = responseFor(operation, exchange.status);
  if (!response) {
    const documented = Object.keys(operation.responses ?? {}).join(', ');
    return `status ${exchange.status} is not documented for ${method.toUpperCase()} ${operation.path} (documented: ${documented})`;
  }
  const documentedTypes = Object.keys(response.content ?? {});
  const actualType = mediaType(exchange.contentType);
  // A HEAD answer has the headers of its GET and never a body.
  const head = method === 'head';
  if (!documentedTypes.length) {
    return !head && exchange.body?.length !== 0
      ? `answered a ${actualType ?? 'body'} where the document says no body`
      : undefined;
  }
  if (!actualType) return `answered no content type; documented: ${documentedTypes.join(', ')}`;
  const documentedType = documentedMediaType(documentedTypes, actualType);
  if (!documentedType) {
    return `answered ${actualType}; documented: ${documentedTypes.join(', ')}`;
  }
  if (
    documentedType !== 'application/json' ||
    !response.content![documentedType]!.schema ||
    !exchange.body ||
    head
  ) {
    return undefined;
  }
  let body: unknown;
  try {
    body = exchange.body.length ? JSON.parse(exchange.body.toString('utf8')) : undefined;
  } catch {
    return 'answered application/json that does not parse';
  }
  const result = api.validateResponse(body, operation, exchange.status);
  if (result.valid) return undefined;
  return describeErrors(result.errors ?? []);
}

/** One line of the report: what was called, by which test, and what differs. */
export function describeMismatch(exchange: Exchange, problem: string): string {
  const route = exchange.route ? ` (route ${fromExpressPath(exchange.route)})` : '';
  const test = exchange.test ? `\n    in test: ${exchange.test}` : '';
  return `${exchange.method} ${exchange.url}${route} -> ${exchange.status}: ${problem}${test}`;
}

/** The jest test running now, when jest runs this. */
function currentTestName(): string | undefined {
  const jestExpect = (globalThis as { expect?: { getState?: () => { currentTestName?: string } } })
    .expect;
  return jestExpect?.getState?.().currentTestName;
}

/** A body as the client reads it: a coded answer (issue 31: brotli or gzip) decoded. */
function decoded(body: Buffer, encoding: unknown): Buffer {
  if (!body.length) return body;
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/**
 * Express middleware recording every answer: method, path, the route that took it, status,
 * content type and body. Install it before any other, so that it sees what middlewares answer.
 */
export function recordExchanges(onExchange: (exchange: Exchange) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === 'function' || size > MAX_RECORDED_BYTES) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(
            chunk as string,
            typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
          );
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return end(...args);
    }) as Response['end'];
    const url = req.originalUrl.split('?')[0]!;
    const test = currentTestName();
    res.on('finish', () => {
      const path = (req.route as { path?: unknown } | undefined)?.path;
      const route = path === NOT_FOUND_ROUTE ? undefined : path;
      onExchange({
        method: req.method,
        url,
        ...(typeof route === 'string' ? { route } : {}),
        status: res.statusCode,
        contentType: res.getHeader('content-type')?.toString(),
        body:
          size > MAX_RECORDED_BYTES
            ? undefined
            : decoded(Buffer.concat(chunks), res.getHeader('content-encoding')),
        ...(test ? { test } : {}),
      });
    });
    next();
  };
}

/**
 * Records a test app's traffic and checks it against the document; report() lists every
 * mismatch (empty when the document tells every answer true).
 */
export function openApiTrafficCheck(document: () => OpenApiDocument) {
  const checks: Array<Promise<string | undefined>> = [];
  return {
    middleware: recordExchanges((exchange) => {
      checks.push(
        checkExchange(document(), exchange).then(
          (problem) => problem && describeMismatch(exchange, problem),
          (error: unknown) => describeMismatch(exchange, `the check failed: ${String(error)}`),
        ),
      );
    }),
    async report(): Promise<string[]> {
      return (await Promise.all(checks)).filter((line): line is string => !!line);
    },
  };
}
