import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { REPO_ROOT, TOOLS_BIN } from './paths';
import { freePort, isListening, waitForPort } from './ports';

/**
 * SeaweedFS (`weed`), whose S3 gateway is the real S3-compatible server of the media tests,
 * built from tools/seaweedfs (a module that requires it: `go install …/weed@…` is refused
 * because SeaweedFS's go.mod has replace directives) into the ignored .tools/bin.
 */
export const SEAWEEDFS_BIN = path.join(TOOLS_BIN, 'weed');
const SOURCE_DIR = path.join(REPO_ROOT, 'tools', 'seaweedfs');

/**
 * Builds the binary once (several minutes; about 230 MB); later calls return at once. Built
 * under another name and renamed into place, so a concurrent caller never runs half a binary.
 */
export function buildSeaweedFs(log: (line: string) => void = console.log): string {
  if (fs.existsSync(SEAWEEDFS_BIN)) return SEAWEEDFS_BIN;
  log('Building SeaweedFS (weed) with go (once; several minutes)...');
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  const partial = `${SEAWEEDFS_BIN}.${process.pid}.partial`;
  try {
    execFileSync('go', ['build', '-o', partial, 'github.com/seaweedfs/seaweedfs/weed'], {
      cwd: SOURCE_DIR,
      stdio: 'inherit',
      env: { ...process.env, GOFLAGS: '-mod=mod' },
    });
    fs.renameSync(partial, SEAWEEDFS_BIN);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return SEAWEEDFS_BIN;
}

/** weed listens on each HTTP port and on that port + 10000 (gRPC): both must be free. */
const GRPC_OFFSET = 10_000;

/** n distinct ports below 55535 whose gRPC twins are free too. */
async function weedPorts(n: number): Promise<number[]> {
  const ports: number[] = [];
  for (let tries = 0; ports.length < n; tries += 1) {
    if (tries > 500) throw new Error('No free ports for SeaweedFS below 55535');
    const port = await freePort();
    if (port >= 65_535 - GRPC_OFFSET || ports.includes(port) || ports.includes(port + GRPC_OFFSET))
      continue;
    if (await isListening(port + GRPC_OFFSET)) continue;
    ports.push(port);
  }
  return ports;
}

export interface RunningSeaweedFs {
  /** The S3 endpoint, e.g. http://127.0.0.1:18333 (anonymous: any key pair is accepted). */
  s3Endpoint: string;
  /** Makes an empty bucket (anonymous PUT); fine when it exists. */
  createBucket(name: string): Promise<void>;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `weed server` (master, volume, filer and S3 gateway in one process) on spare
 * 127.0.0.1 ports with its data in a throwaway folder, and resolves once the gateway answers
 * S3 calls. Without configured identities it accepts anonymous requests.
 */
export async function startSeaweedFs(
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<RunningSeaweedFs> {
  buildSeaweedFs(log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storecloud-seaweedfs-'));
  const [master, volume, filer, s3] = await weedPorts(4);
  const child = spawn(
    SEAWEEDFS_BIN,
    [
      'server',
      `-dir=${dir}`,
      '-s3',
      `-s3.port=${s3}`,
      `-master.port=${master}`,
      `-volume.port=${volume}`,
      `-filer.port=${filer}`,
      '-ip=127.0.0.1',
      '-ip.bind=127.0.0.1',
      // Each bucket is a collection with volumes of its own (several at its first write): small
      // sparse volumes, and room for many (the default of 8 is spent by the first bucket).
      '-master.volumeSizeLimitMB=32',
      '-volume.max=1000',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (process.env.SEAWEEDFS_VERBOSE === '1') log(`[seaweedfs] ${line}`);
    });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`SeaweedFS exited with code ${code}:\n${lines.slice(-30).join('\n')}`)),
    ),
  );
  exited.catch(() => undefined);
  const s3Endpoint = `http://127.0.0.1:${s3}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  try {
    await Promise.race([waitForPort(s3, '127.0.0.1', 120_000), exited]);
    // The port opens before the filer behind it is ready: list the buckets until it answers.
    await Promise.race([untilAnswers(s3Endpoint), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    s3Endpoint,
    process: child,
    stop,
    createBucket: async (name) => {
      const answer = await fetch(`${s3Endpoint}/${name}`, { method: 'PUT' });
      const body = await answer.text();
      if (!answer.ok && !/BucketAlreadyOwnedByYou|BucketAlreadyExists/.test(body))
        throw new Error(`Could not create bucket ${name}: ${answer.status} ${body}`);
    },
  };
}

async function untilAnswers(endpoint: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${endpoint}/`).catch(() => undefined);
    if (answer?.ok) return;
    if (Date.now() > deadline)
      throw new Error(`SeaweedFS's S3 gateway does not answer at ${endpoint}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
