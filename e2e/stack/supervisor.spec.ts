import { describe, expect, it } from '@jest/globals';
import { BACKOFF, restartDelayMs } from './supervisor';

describe('restartDelayMs', () => {
  it('doubles from 1 s and stays at 30 s', () => {
    const delays = Array.from({ length: 8 }, (_, failures) => restartDelayMs(failures));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(BACKOFF.maxMs).toBe(30_000);
  });
});
