import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startNodeScript } from '@store-cloud/node-kit';
import {
  freshStorage,
  onS3,
  storageEnv,
  storedBytes,
  storedNames,
} from '../../test/test-media-app';
import { loadMediaConfig } from '../config/media-config';
import { copyMedia } from './copy-media';
import type { MediaStorage } from './media-storage';

/**
 * Moving media from a disk to a bucket (issue 29): every company folder and file of a media root
 * is copied to the project's storage (the bucket in the s3 project, another media root in the
 * local one) and verified; a second run copies nothing and an altered copy is copied again.
 */
let dirs: string[];
let sourceRoot: string;
let target: MediaStorage;
let targetDataDir: string;

const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-copy-'));
  dirs.push(dir);
  return dir;
};

/** A media root as a server leaves it: two companies, a preview, a digest, an empty tag. */
async function writeSource(root: string) {
  const write = async (relative: string, bytes: Buffer | string) => {
    const file = path.join(root, ...relative.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
  };
  await write('Acme-7/pending/shop.jpg', Buffer.alloc(70_000, 7));
  await write('Acme-7/pending/.thumbs/shop.jpg.jpg', 'preview');
  await write('Acme-7/pending/.digests/shop.jpg.json', '{"original":"a","stored":"b"}');
  await write('Acme-7/tags/promo/clip.mp4', Buffer.alloc(6 * 1024 * 1024, 3));
  await fs.mkdir(path.join(root, 'Acme-7', 'tags', 'empty'), { recursive: true });
  await fs.mkdir(path.join(root, 'Acme-7', 'expired'), { recursive: true });
  await write('Bolt-8/expired/old.png', 'png bytes');
  await write('.tmp/upload-in-flight', 'not media');
}

beforeEach(async () => {
  dirs = [];
  sourceRoot = path.join(await tempDir(), 'media');
  await writeSource(sourceRoot);
  targetDataDir = await tempDir();
  target = await freshStorage(loadMediaConfig({ DATA_DIR: targetDataDir, ...storageEnv() }));
});
afterEach(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

it('copies every folder and file, verified, and a second run finds them all there', async () => {
  const lines: string[] = [];
  const first = await copyMedia(sourceRoot, target, (line) => lines.push(line));
  expect(first).toEqual({
    folders: 8, // Acme-7, pending, tags, tags/promo, tags/empty, expired; Bolt-8, expired
    files: 5,
    copied: 5,
    present: 0,
    failed: 0,
    bytes: 70_000 + 7 + 29 + 6 * 1024 * 1024 + 9,
  });
  expect(lines).toContain('Acme-7/pending: 1 files (1 copied, 0 already there)');
  expect(await storedNames(target, 'Acme-7/pending')).toEqual(['shop.jpg']);
  expect(await target.folderExists('Acme-7/tags/empty')).toBe(true);
  expect((await storedBytes(target, 'Acme-7/tags/promo/clip.mp4')).length).toBe(6 * 1024 * 1024);
  expect((await storedBytes(target, 'Acme-7/pending/.thumbs/shop.jpg.jpg')).toString()).toBe(
    'preview',
  );
  expect(await target.stat('.tmp/upload-in-flight')).toBeUndefined();

  const again = await copyMedia(sourceRoot, target, () => undefined);
  expect(again).toMatchObject({ files: 5, copied: 0, present: 5, failed: 0 });

  // A copy that differs (a run cut off, a file changed on disk since) is copied again.
  const altered = path.join(targetDataDir, 'altered');
  await fs.writeFile(altered, 'something else');
  await target.putFile(altered, 'Bolt-8/expired/old.png');
  expect(await copyMedia(sourceRoot, target, () => undefined)).toMatchObject({
    copied: 1,
    present: 4,
  });
  expect((await storedBytes(target, 'Bolt-8/expired/old.png')).toString()).toBe('png bytes');
  // The disk is left as it was.
  expect(await fs.readFile(path.join(sourceRoot, 'Bolt-8', 'expired', 'old.png'), 'utf8')).toBe(
    'png bytes',
  );
});

it('runs as a command that reads the media server environment and prints a summary', async () => {
  const command = startNodeScript(path.join(__dirname, '..', 'tools', 'copy-media-to-s3.ts'), {
    nodeArgs: ['--import', 'tsx'],
    env: { DATA_DIR: path.dirname(sourceRoot), ...storageEnv() },
  });
  const code = await command.exited;
  if (onS3()) {
    expect(code).toBe(0);
    expect(command.output()).toContain('5 copied, 0 already there, 0 failed.');
    expect(await storedNames(target, 'Bolt-8/expired')).toEqual(['old.png']);
  } else {
    // The local project has no bucket: the command says which variable to set.
    expect(code).toBe(1);
    expect(command.output()).toContain('MEDIA_STORAGE: must be s3');
  }
  // No key ever reaches the output.
  expect(command.output()).not.toContain('media-test-secret');
});
