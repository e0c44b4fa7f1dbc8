import { METRICS_PREFIX } from '@store-cloud/contracts';
import { createMetricsRegistry, httpRequestHistogram } from '@store-cloud/node-kit';
import { Gauge, Histogram } from 'prom-client';

/**
 * The media server's Prometheus series (docs/operating.md#metrics-and-monitoring), one registry
 * per process. Labels: outcomes and company ids (bounded by companies); never a user, a token,
 * a folder name or a file.
 */
export const registry = createMetricsRegistry();

const name = (suffix: string) => `${METRICS_PREFIX}${suffix}`;
const registers = [registry];

export const MEDIA_METRICS = {
  http: httpRequestHistogram(registry),
  uploadDuration: new Histogram({
    name: name('upload_duration_seconds'),
    help: 'Media uploads from the request to the answer, by outcome (stored, unchanged, refused, failed)',
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers,
  }),
  files: new Gauge({
    name: name('media_files'),
    help: 'Media files on disk, by company',
    labelNames: ['company'] as const,
    registers,
  }),
  bytes: new Gauge({
    name: name('media_bytes'),
    help: 'Bytes of media files on disk, by company',
    labelNames: ['company'] as const,
    registers,
  }),
  diskFree: new Gauge({
    name: name('media_disk_free_bytes'),
    help: 'Free bytes on the media disk (uploads are refused with 507 below MEDIA_MIN_FREE_BYTES)',
    registers,
  }),
  diskSize: new Gauge({
    name: name('media_disk_size_bytes'),
    help: 'Size of the media disk in bytes',
    registers,
  }),
  diskMinFree: new Gauge({
    name: name('media_disk_min_free_bytes'),
    help: 'MEDIA_MIN_FREE_BYTES: below this free space the media server is not ready',
    registers,
  }),
  usageRead: new Gauge({
    name: name('media_usage_read_timestamp_seconds'),
    help: 'When the media files per company were last counted',
    registers,
  }),
};
