import './tracing';
import { createApp } from './app';
import {
  boundUrl,
  createLogger,
  exitIfCannotListen,
  installGracefulShutdown,
  loadOrExit,
  metricsServerPort,
  startMetricsServer,
} from '@store-cloud/node-kit';
import type { Logger } from 'pino';
import { backendReporter, FileAuditOutbox, NO_FILE_AUDIT } from './audit/file-audit';
import { loadMediaConfig, type MediaConfig } from './config/media-config';
import { registry } from './metrics/media-metrics';
import { type MediaUsage, mediaUsage } from './metrics/media-usage';
import { ensureMediaRoot, sweepTemp, sweepTempRegularly } from './storage/media-root.storage';
import { mediaStorageOf } from './storage/media-storage-of';

async function main() {
  const config = loadOrExit('media-server', () => loadMediaConfig());
  const logger = createLogger(config.logLevel, 'media-server');
  await ensureMediaRoot(config.mediaRoot);
  // At start (before listening) and then hourly: files older than an hour that uploads left in
  // .tmp when a process died mid-upload.
  const report = (swept: number) => {
    if (swept) logger.warn({ swept }, 'removed files that interrupted uploads left in .tmp');
  };
  report(await sweepTemp(config.mediaRoot));
  sweepTempRegularly(config.mediaRoot, report, (err: unknown) =>
    logger.error({ err }, 'could not sweep .tmp'),
  );
  // File changes for the audit trail: kept on disk until the backend takes them, sent at start
  // (what a stop left) and again every MEDIA_AUDIT_RETRY_MS while the backend does not.
  let audit = NO_FILE_AUDIT;
  if (config.backendUrl && config.mediaServiceKey) {
    const outbox = new FileAuditOutbox(
      config.auditOutboxFile,
      backendReporter(config.backendUrl, config.mediaServiceKey),
      logger,
      config.auditRetryMs,
    );
    outbox.start();
    audit = outbox;
  } else logger.warn('MEDIA_SERVICE_KEY or BACKEND_URL unset: file changes are not audited');
  const storage = mediaStorageOf(config);
  const usage = mediaUsage(config, storage);
  await serveMetricsPort(config, usage, logger);
  // Where the files are, without the S3 keys.
  const where = config.s3
    ? { storage: 's3', endpoint: config.s3.endpoint, bucket: config.s3.bucket }
    : { storage: 'local' };
  const server = createApp(config, logger, { audit, usage, storage }).listen(
    config.port,
    config.host,
    () => {
      logger.info(
        { mediaRoot: config.mediaRoot, ...where },
        `media server listening on ${boundUrl(server)}`,
      );
    },
  );
  exitIfCannotListen(server, logger);
  installGracefulShutdown(server, logger);
}

/** /metrics on METRICS_PORT too, when set (bearer-checked when METRICS_TOKEN is set). */
async function serveMetricsPort(config: MediaConfig, usage: MediaUsage, logger: Logger) {
  if (config.metricsPort === undefined) return;
  const server = await startMetricsServer({
    port: config.metricsPort,
    host: config.host,
    registry,
    token: config.metricsToken,
    refresh: () => usage.refresh(),
  });
  server.unref();
  logger.info(`metrics on http://${config.host}:${metricsServerPort(server)}/metrics`);
}

main().catch((error: unknown) => {
  console.error('media-server failed to start:', error);
  process.exit(1);
});
