import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, TOOLS_BIN } from './paths';
import { waitForPort } from './ports';

/** FerretDB v1 on SQLite, built from tools/ferretdb into the ignored .tools/bin. */
export const FERRETDB_BIN = path.join(TOOLS_BIN, 'ferretdb');
const SOURCE_DIR = path.join(REPO_ROOT, 'tools', 'ferretdb');

export function hasGo(): boolean {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Builds the binary once; later calls return at once. */
export function buildFerretDb(log: (line: string) => void = console.log): string {
  if (fs.existsSync(FERRETDB_BIN)) return FERRETDB_BIN;
  log('Building FerretDB v1 with go (once; about a minute)...');
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  execFileSync('go', ['build', '-o', FERRETDB_BIN, '.'], {
    cwd: SOURCE_DIR,
    stdio: 'inherit',
    env: { ...process.env, GOFLAGS: '-mod=mod', CGO_ENABLED: process.env.CGO_ENABLED ?? '0' },
  });
  return FERRETDB_BIN;
}

export interface RunningFerretDb {
  uri: (database: string) => string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** The command line of FerretDB on 127.0.0.1:port with its SQLite files under dataDir. */
export function ferretDbArgs(port: number, dataDir: string): string[] {
  return [`--listen-addr=127.0.0.1:${port}`, `--sqlite-url=file:${path.resolve(dataDir)}/`];
}

/**
 * FerretDB logs every error reply it sends (e.g. "Collection already exists", or the driver's
 * endSessions, which v1 does not know) as a multi-kilobyte WARN line. Those are answers, not
 * faults of the server, so only its other lines (start-up, errors) reach the console.
 */
export function isNotableFerretDbLine(line: string): boolean {
  return !/\blevel=(WARN|INFO|DEBUG)\b/.test(line) || process.env.FERRETDB_VERBOSE === '1';
}

/** Starts FerretDB on 127.0.0.1:port with its SQLite files under dataDir (test services). */
export async function startFerretDb(port: number, dataDir: string): Promise<RunningFerretDb> {
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(FERRETDB_BIN, ferretDbArgs(port, dataDir), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      if (isNotableFerretDbLine(line)) process.stderr.write(`[ferretdb ] ${line}\n`);
    });
  }
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`FerretDB exited with code ${code}`))),
  );
  await Promise.race([waitForPort(port), exited]);
  return {
    uri: (database) => `mongodb://127.0.0.1:${port}/${database}`,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
