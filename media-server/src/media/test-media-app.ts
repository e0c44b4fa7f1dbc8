import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@store-cloud/node-kit';
import { createApp } from '../app';
import { loadMediaConfig } from '../config/media-config';
import { ensureMediaRoot } from '../storage/media-root.storage';

export interface FakeBackend {
  url: string;
  close(): Promise<void>;
}

/** For the tests: a small real HTTP server on 127.0.0.1 standing in for the backend. */
export async function startFakeBackend(handler: http.RequestListener): Promise<FakeBackend> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** For the tests: the media app on a fresh DATA_DIR in the temp folder, asking backendUrl. */
export async function mediaAppOnTempDisk(prefix: string, backendUrl: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const config = loadMediaConfig({ DATA_DIR: dataDir, BACKEND_URL: backendUrl });
  await ensureMediaRoot(config.mediaRoot);
  const app = createApp(config, createLogger('silent', 'media-server'));
  return { dataDir, mediaRoot: config.mediaRoot, app };
}
