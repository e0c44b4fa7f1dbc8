/**
 * portal-server.ts's first import: with OTEL_EXPORTER_OTLP_ENDPOINT set the portal server's hop
 * (its proxy to the services) is a span of the browser's trace too.
 */
import { startTracing } from '@store-cloud/node-kit/dist/tracing';

startTracing('portal-server');
