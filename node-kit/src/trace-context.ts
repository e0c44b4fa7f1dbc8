import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';

/**
 * The trace context as it crosses a hop that is not HTTP (a relayed call over the store's
 * socket): the W3C `traceparent` (and `tracestate`) of the active span. Empty while tracing is
 * off (the API's no-op propagator), so nothing extra travels then.
 */
export type TraceCarrier = Record<string, string>;

export function currentTraceCarrier(): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length ? carrier : undefined;
}

/**
 * Runs handle inside a span `name` whose parent is the carrier's (the caller's trace continues
 * here); the span ends when the promise handle returns settles. Without tracing it just runs.
 */
export async function withRemoteParent<T>(
  carrier: TraceCarrier | undefined,
  name: string,
  handle: () => T | Promise<T>,
): Promise<T> {
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  const tracer = trace.getTracer('@store-cloud/node-kit');
  return tracer.startActiveSpan(name, { kind: SpanKind.SERVER }, parent, async (span) => {
    try {
      return await handle();
    } finally {
      span.end();
    }
  });
}

/** pino mixin: every log line written inside a traced operation names its trace and span. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
