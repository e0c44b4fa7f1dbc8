import fs from 'node:fs';
import path from 'node:path';
import { buildFerretDb, FERRETDB_BIN, hasGo, startFerretDb } from './ferretdb';
import { isListening } from './ports';
import { EMBEDDED_DATABASE, type StackEnv } from './stack-env';

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
 * listen on FERRETDB_PORT, so two stacks differ by that one variable.
 */
export async function startDatabase(
  env: StackEnv,
  log: (line: string) => void,
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
    const ferret = await startFerretDb(port, dir);
    return {
      uri: ferret.uri(EMBEDDED_DATABASE),
      description: `FerretDB v1 (embedded, SQLite under ${dir}) on 127.0.0.1:${port}`,
      stop: () => stopWithin(ferret.stop(), () => ferret.process.kill('SIGKILL')),
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

/** Waits for a graceful stop, then forces it: Ctrl-C must never leave a database behind. */
async function stopWithin(stopping: Promise<void>, force: () => void, ms = 5000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const outcome = await Promise.race([stopping.then(() => 'stopped' as const), timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout') force();
}

function redact(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}
