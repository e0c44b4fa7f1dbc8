import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sweepTemp, sweepTempRegularly } from './media-root.storage';

describe('sweepTemp', () => {
  it('removes old leftovers of interrupted uploads and keeps recent ones', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'media-sweep-'));
    const tmp = path.join(root, '.tmp');
    await fs.mkdir(tmp);
    await fs.writeFile(path.join(tmp, 'upload-old'), 'x');
    await fs.writeFile(path.join(tmp, 'upload-new'), 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await fs.utimes(path.join(tmp, 'upload-old'), twoHoursAgo, twoHoursAgo);
    expect(await sweepTemp(root)).toBe(1);
    expect(await fs.readdir(tmp)).toEqual(['upload-new']);
    expect(await sweepTemp(path.join(root, 'missing'))).toBe(0);
    await fs.rm(root, { recursive: true, force: true });
  });
});

describe('sweepTempRegularly', () => {
  it('sweeps again on its interval, so leftovers go while the server runs', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'media-sweep-'));
    const tmp = path.join(root, '.tmp');
    await fs.mkdir(tmp);
    await fs.writeFile(path.join(tmp, 'upload-left'), 'x');
    // With a 100 ms interval a file counts as left over after 100 ms: the first sweep (at once)
    // keeps it, a later one removes it.
    const removed = new Promise<number>((resolve, reject) => {
      const stop = sweepTempRegularly(
        root,
        (count) => {
          if (!count) return;
          stop();
          resolve(count);
        },
        reject,
        100,
      );
    });
    expect(await removed).toBe(1);
    expect(await fs.readdir(tmp)).toEqual([]);
    await fs.rm(root, { recursive: true, force: true });
  });
});
