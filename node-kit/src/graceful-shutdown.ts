import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * On SIGTERM or SIGINT: stop accepting connections, let requests in flight finish, run the
 * cleanups, exit 0. A request that hangs must not keep a container from stopping, so after
 * timeoutMs the process exits 1 anyway (below the 10 s after which Docker kills it).
 */
export function installGracefulShutdown(
  server: Server,
  logger: Logger,
  options: { timeoutMs?: number; cleanups?: Array<() => Promise<void> | void> } = {},
): void {
  const { timeoutMs = 8_000, cleanups = [] } = options;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.warn({ timeoutMs }, 'shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs).unref();
    server.close(async (closeError) => {
      try {
        for (const cleanup of cleanups) await cleanup();
      } catch (cleanupError) {
        logger.error({ err: cleanupError }, 'cleanup failed');
        process.exit(1);
      }
      if (closeError) logger.error({ err: closeError }, 'server close failed');
      logger.info('stopped');
      process.exit(closeError ? 1 : 0);
    });
    // Keep-alive sockets with no request would otherwise hold close() open until they time out.
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
