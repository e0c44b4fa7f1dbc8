import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APP, type TokenInfo } from '@store-cloud/contracts';
import { createLogger } from '@store-cloud/node-kit';
import { createApp } from '../app';
import { loadMediaConfig } from '../config/media-config';
import { ensureMediaRoot } from '../storage/media-root.storage';

/** For the tests: an ADMIN with the Central Media Server, as a fake backend's tokeninfo answers. */
export const TEST_MEDIA_ADMIN: TokenInfo = {
  id: 'admin-id',
  name: 'admin@storecloud.test',
  usertype: 'ADMIN',
  enabled: true,
  applications: [APP.centralMediaServer],
  access: { all: true, companyIds: [] },
};

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
export async function mediaAppOnTempDisk(
  prefix: string,
  backendUrl: string,
  deps: Parameters<typeof createApp>[2] = {},
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const config = loadMediaConfig({ DATA_DIR: dataDir, BACKEND_URL: backendUrl });
  await ensureMediaRoot(config.mediaRoot);
  const app = createApp(config, createLogger('silent', 'media-server'), deps);
  return { dataDir, mediaRoot: config.mediaRoot, app };
}

/** One ISO-BMFF box: 32-bit size, type, content. */
export const mp4Box = (type: string, content: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
};

/**
 * For the tests: a file of exactly `size` bytes that walks as an MP4 (ftyp, moov holding an
 * mvhd, then mdat filling the rest). Its media data is zeros: the server checks the box
 * structure, not the frames.
 */
export function mp4File(size: number): Buffer {
  const ftyp = mp4Box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  const moov = mp4Box('moov', mp4Box('mvhd', Buffer.alloc(100)));
  return Buffer.concat([
    ftyp,
    moov,
    mp4Box('mdat', Buffer.alloc(size - ftyp.length - moov.length - 8)),
  ]);
}
