import { createApp } from './app';
import {
  boundUrl,
  createLogger,
  exitIfCannotListen,
  installGracefulShutdown,
  loadOrExit,
} from '@store-cloud/node-kit';
import { loadMediaConfig } from './config/media-config';
import { ensureMediaRoot, sweepTemp, sweepTempRegularly } from './storage/media-root.storage';

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
  const server = createApp(config, logger).listen(config.port, config.host, () => {
    logger.info({ mediaRoot: config.mediaRoot }, `media server listening on ${boundUrl(server)}`);
  });
  exitIfCannotListen(server, logger);
  installGracefulShutdown(server, logger);
}

main().catch((error: unknown) => {
  console.error('media-server failed to start:', error);
  process.exit(1);
});
