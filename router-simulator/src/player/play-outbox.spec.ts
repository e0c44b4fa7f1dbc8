import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PlayOutbox } from './play-outbox';

const play = (n: number) => ({
  mediaId: 'm1',
  file: 'a.png',
  tag: 'front',
  screen: 'Screen 1',
  startedAt: new Date(Date.UTC(2026, 10, 27, 0, 0, n)).toISOString(),
  durationMs: 1000,
});

describe('PlayOutbox', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps plays and their batch ids across a restart until acknowledged', () => {
    const file = path.join(dir, '101-1.json');
    const outbox = new PlayOutbox(file);
    outbox.record([play(1), play(2), play(3)]);
    outbox.seal(2);
    const first = outbox.nextBatch!;
    expect(first.plays).toHaveLength(2);

    const reopened = new PlayOutbox(file);
    expect(reopened.nextBatch).toEqual(first);
    expect(reopened.stats).toEqual({
      recorded: 3,
      acknowledged: 0,
      pendingPlays: 3,
      pendingBatches: 2,
    });
    reopened.acknowledge(first.batchId);
    reopened.acknowledge(first.batchId);
    expect(new PlayOutbox(file).stats).toEqual({
      recorded: 3,
      acknowledged: 2,
      pendingPlays: 1,
      pendingBatches: 1,
    });
  });
});

describe('PlayOutbox of two stores', () => {
  it('keeps each store’s plays apart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      const one = new PlayOutbox(path.join(dir, '1.json'));
      const two = new PlayOutbox(path.join(dir, '2.json'));
      one.record([play(1)]);
      expect(two.stats.pendingPlays).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
