/** worker.ts's first import: as tracing.ts, under the worker's own service name. */
import { startTracing } from '@store-cloud/node-kit/dist/tracing';

startTracing('backend-worker');
