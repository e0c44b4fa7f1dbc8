import type { IncomingMessage } from 'node:http';
import { redactUrlSecrets } from '@store-cloud/contracts';
import type { Span } from '@opentelemetry/api';
import { z } from 'zod';
import { ENV_FIELD, parseEnv } from './env-parsing';
import { loadOrExit } from './service-start';

/**
 * OpenTelemetry tracing for a Node service, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. Import
 * this file (not the package index) from the service's first import: the instrumentations patch
 * http, express, NestJS, mongodb, ioredis, socket.io and fetch (undici) only when they register
 * before those load. Off, nothing of the SDK is loaded (the API's no-op tracer is what remains).
 * The SDK reads the other OTEL_* variables itself (OTEL_SERVICE_NAME, OTEL_BSP_SCHEDULE_DELAY...).
 */
export const tracingEnvSchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: ENV_FIELD.httpUrl()
    .optional()
    .describe(
      "Traces: the OTLP/HTTP collector (e.g. `http://127.0.0.1:4318`) every process sends its spans to as JSON; empty: off. The SDK's other `OTEL_*` variables apply. See [operating.md](operating.md#traces-and-request-ids)",
    ),
  OTEL_SERVICE_NAME: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      "Traces: the service name on every span; unset: each process's own (`backend`, `worker`, `media-server`, `router-simulator`)",
    ),
});

/** Health probes and scrapes every few seconds would bury the traces worth reading. */
const UNTRACED_PATHS = /^\/(health|metrics)(\/|\?|$)/;

let started = false;

/** Starts tracing as `service` (OTEL_SERVICE_NAME wins) when an endpoint is configured. */
export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const config = loadOrExit(service, () => parseEnv(tracingEnvSchema, env));
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT || started) return started;
  started = true;
  // Loaded here, not at the top: with tracing off none of this is read from disk.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeTracerProvider, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } =
    require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { registerInstrumentations } =
    require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation } =
    require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { NestInstrumentation } =
    require('@opentelemetry/instrumentation-nestjs-core') as typeof import('@opentelemetry/instrumentation-nestjs-core');
  const { MongoDBInstrumentation } =
    require('@opentelemetry/instrumentation-mongodb') as typeof import('@opentelemetry/instrumentation-mongodb');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { SocketIoInstrumentation } =
    require('@opentelemetry/instrumentation-socket.io') as typeof import('@opentelemetry/instrumentation-socket.io');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME ?? service }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The W3C traceparent propagator and the async-hooks context manager.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.test(req.url ?? ''),
        requestHook: (span, request) => {
          // Incoming requests: the URL as the request log shows it (a site token in the query blanked).
          const url = (request as IncomingMessage).url;
          if (typeof url === 'string' && url.includes('?')) {
            span.setAttribute('http.target', redactUrlSecrets(url));
            span.setAttribute('http.url', redactUrlSecrets(url));
          }
        },
      }),
      new ExpressInstrumentation(),
      new NestInstrumentation(),
      new MongoDBInstrumentation({ requireParentSpan: true }),
      // A Redis key may name a user (login limits): the command name only.
      new IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command) => command,
      }),
      new SocketIoInstrumentation(),
      new UndiciInstrumentation({
        requireParentforSpans: true,
        requestHook: (span: Span, request: { origin: string; path: string }) => {
          if (request.path.includes('?')) {
            span.setAttribute('url.full', redactUrlSecrets(`${request.origin}${request.path}`));
            span.setAttribute('url.query', redactUrlSecrets(request.path).split('?')[1] ?? '');
          }
        },
      }),
    ],
  });
  return true;
}
