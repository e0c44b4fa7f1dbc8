import { createApp } from './app';
import { ConfigError, createLogger, installGracefulShutdown } from '@store-cloud/node-kit';
import { loadMediaConfig, type MediaConfig } from './config/media-config';
import { ensureMediaRoot, sweepTemp } from './storage/media-root.storage';

function configOrExit(): MediaConfig {
  try {
    return loadMediaConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`media-server: ${error.message}`);
    process.exit(1);
  }
}

async function main() {
  const config = configOrExit();
  const logger = createLogger(config.logLevel, 'media-server');
  await ensureMediaRoot(config.mediaRoot);
  const swept = await sweepTemp(config.mediaRoot);
  if (swept) logger.warn({ swept }, 'removed files that interrupted uploads left in .tmp');
  const server = createApp(config, logger).listen(config.port, () => {
    logger.info(
      { mediaRoot: config.mediaRoot },
      `media server listening on http://localhost:${config.port}`,
    );
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });
  installGracefulShutdown(server, logger);
}

main().catch((error: unknown) => {
  console.error('media-server failed to start:', error);
  process.exit(1);
});
