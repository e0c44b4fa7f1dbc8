import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { ConfigError } from './env-parsing';

/**
 * Runs load (reading the configuration). A ConfigError, or an error of one of the other classes
 * given, ends the process with `{service}: {message}`: one readable line, not a stack trace.
 */
export function loadOrExit<T>(
  service: string,
  load: () => T,
  ...readable: Array<abstract new (...args: never[]) => Error>
): T {
  try {
    return load();
  } catch (error) {
    if (![ConfigError, ...readable].some((type) => error instanceof type)) throw error;
    console.error(`${service}: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** A server that cannot listen (port taken, no permission) ends the process. */
export function exitIfCannotListen(server: Server, logger: Logger): void {
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });
}
