import { createApp } from './app';
import {
  boundUrl,
  createLogger,
  exitIfCannotListen,
  installGracefulShutdown,
  loadOrExit,
} from '@store-cloud/node-kit';
import { loadMediaConfig } from './config/media-config';
import { ensureMediaRoot, sweepTemp } from './storage/media-root.storage';

async function main() {
  const config = loadOrExit('media-server', () => loadMediaConfig());
  const logger = createLogger(config.logLevel, 'media-server');
  await ensureMediaRoot(config.mediaRoot);
  const swept = await sweepTemp(config.mediaRoot);
  if (swept) logger.warn({ swept }, 'removed files that interrupted uploads left in .tmp');
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
