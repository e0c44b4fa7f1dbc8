/**
 * main.ts's first import: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must register its
 * instrumentations before http, express and fetch load.
 */
import { startTracing } from '@store-cloud/node-kit/dist/tracing';

startTracing('router-simulator');
