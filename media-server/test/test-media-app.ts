import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APP, type TokenInfo } from '@store-cloud/contracts';
import { createLogger } from '@store-cloud/node-kit';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createApp } from '../src/app';
import { loadMediaConfig, type MediaConfig } from '../src/config/media-config';
import { ensureMediaRoot } from '../src/storage/media-root.storage';
import type { MediaStorage } from '../src/storage/media-storage';
import { mediaStorageOf } from '../src/storage/media-storage-of';
import type { S3Storage } from '../src/storage/s3.storage';

/**
 * The storage variables of this test file's jest project: MEDIA_STORAGE=s3 with its bucket
 * (test/s3-env.setup.ts), or none (the local disk). Spread into every config and child
 * environment a test makes, so the same spec runs on both storages.
 */
export function storageEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        (entry[0] === 'MEDIA_STORAGE' || entry[0].startsWith('MEDIA_S3_')) && !!entry[1],
    ),
  );
}

/** This test file runs on the S3 bucket (the s3 jest project). */
export const onS3 = () => process.env.MEDIA_STORAGE === 's3';

/** Removes every object of the bucket, so a test starts without files (S3 only). */
async function emptyBucket(storage: S3Storage): Promise<void> {
  for (;;) {
    const page = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, MaxKeys: 1000 }),
    );
    const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
    if (!keys.length) return;
    await storage.client.send(
      new DeleteObjectsCommand({ Bucket: storage.bucket, Delete: { Objects: keys, Quiet: true } }),
    );
  }
}

/** For the tests: the config's storage, empty (on S3 the bucket is shared by a file's tests). */
export async function freshStorage(config: MediaConfig): Promise<MediaStorage> {
  const storage = mediaStorageOf(config);
  if (storage.kind === 's3') await emptyBucket(storage as S3Storage);
  return storage;
}

/** For the tests: the media files (no dot names) in a folder of the storage, sorted. */
export async function storedNames(storage: MediaStorage, key: string): Promise<string[]> {
  const listing = await storage.listFolder(key);
  return (listing?.files ?? [])
    .map((file) => file.name)
    .filter((name) => !name.startsWith('.'))
    .sort();
}

/** For the tests: the bytes of a stored file. */
export async function storedBytes(storage: MediaStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.readStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

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

/**
 * For the tests: the media app on a fresh DATA_DIR in the temp folder, asking backendUrl, on
 * this project's storage (emptied first); storage is for looking at what the app stored.
 */
export async function mediaAppOnTempDisk(
  prefix: string,
  backendUrl: string,
  deps: Parameters<typeof createApp>[2] = {},
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const config = loadMediaConfig({ DATA_DIR: dataDir, BACKEND_URL: backendUrl, ...storageEnv() });
  await ensureMediaRoot(config.mediaRoot);
  const storage = await freshStorage(config);
  const app = createApp(config, createLogger('silent', 'media-server'), { storage, ...deps });
  return { dataDir, mediaRoot: config.mediaRoot, app, storage, config };
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
