import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDir, restrictTree } from './data-dir';
import {
  buildFerretDb,
  FERRETDB_BIN,
  ferretDbArgs,
  hasGo,
  isNotableFerretDbLine,
} from './ferretdb';
import { isListening, waitForPort } from './ports';
import { EMBEDDED_DATABASE, type StackEnv } from './stack-env';
import type { Supervisor } from './supervisor';

export interface RunningDatabase {
  /** Full URI including the database name, handed to every process as MONGODB_URI. */
  uri: string;
  /** What runs, in words, for the start banner. */
  description: string;
  stop: () => Promise<void>;
}

/**
 * The MongoDB-compatible database of a stack: MONGODB_URI when set; else FerretDB v1 on SQLite
 * under DATA_DIR/ferretdb (when the binary exists or Go can build it); else
 * mongodb-memory-server with a persistent dbPath under DATA_DIR/mongodb. Both embedded servers
 * listen on FERRETDB_PORT, so two stacks differ by that one variable. FerretDB runs under the
 * supervisor (restarted when it dies) with umask 077, so its files are 600.
 */
export async function startDatabase(
  env: StackEnv,
  log: (line: string) => void,
  supervisor: Supervisor,
): Promise<RunningDatabase> {
  if (env.MONGODB_URI) {
    return {
      uri: env.MONGODB_URI,
      description: `MongoDB at ${redact(env.MONGODB_URI)} (MONGODB_URI)`,
      stop: async () => {},
    };
  }
  const port = Number(env.FERRETDB_PORT);
  if (await isListening(port)) {
    // Connecting to whatever holds the port would silently use another stack's data.
    throw new Error(
      `FERRETDB_PORT ${port} is already in use. Stop what listens there or choose another FERRETDB_PORT.`,
    );
  }
  if (fs.existsSync(FERRETDB_BIN) || hasGo()) {
    buildFerretDb(log);
    const dir = path.join(env.DATA_DIR, 'ferretdb');
    makePrivateDir(dir);
    restrictTree(dir);
    supervisor.start({
      name: 'ferretdb',
      color: 'yellow',
      command: FERRETDB_BIN,
      args: ferretDbArgs(port, dir),
      cwd: dir,
      env: process.env,
      layer: 'data',
      umask: '077',
      showLine: isNotableFerretDbLine,
    });
    await Promise.race([waitForPort(port), supervisor.failed]);
    return {
      uri: `mongodb://127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
      description: `FerretDB v1 (embedded, SQLite under ${dir}) on 127.0.0.1:${port}`,
      stop: async () => {}, // the supervisor stops it after the services
    };
  }
  log('No Go toolchain found: using mongodb-memory-server instead of FerretDB.');
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const dbPath = path.join(env.DATA_DIR, 'mongodb');
  fs.mkdirSync(dbPath, { recursive: true });
  const server = await MongoMemoryServer.create({
    instance: { port, ip: '127.0.0.1', dbPath, storageEngine: 'wiredTiger' },
  });
  return {
    uri: `${server.getUri().replace(/\/$/, '')}/${EMBEDDED_DATABASE}`,
    description: `mongodb-memory-server (dbPath ${dbPath}) on 127.0.0.1:${port}`,
    stop: async () => {
      await server.stop({ doCleanup: false });
    },
  };
}

function redact(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}
