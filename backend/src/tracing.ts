/**
 * main.ts's first import: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must register its
 * instrumentations before http, express, NestJS, mongodb, ioredis and socket.io load.
 */
import { startTracing } from '@store-cloud/node-kit/dist/tracing';

startTracing('backend');
