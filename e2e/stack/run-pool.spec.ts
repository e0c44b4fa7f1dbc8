import { describe, expect, it } from '@jest/globals';
import { formatDuration, runNodeBuffered, runPool } from './run-pool';

/** A task the test finishes by hand, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  const task = async () => {
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    return name;
  };
  return { task, open };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('runPool', () => {
  it('runs at most the limit at once, starts the next in order when one ends, keeps result order', async () => {
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const all = runPool(
      gates.map((g) => g.task),
      2,
    );
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    gates[1].open();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    gates[0].open();
    gates[2].open();
    gates[3].open();
    expect(await all).toEqual(['a', 'b', 'c', 'd']);
  });

  it('runs everything at once when the limit exceeds the tasks, and nothing for no tasks', async () => {
    const log: string[] = [];
    const gates = ['a', 'b'].map((name) => gate(log, name));
    const all = runPool(
      gates.map((g) => g.task),
      8,
    );
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    gates.forEach((g) => g.open());
    expect(await all).toEqual(['a', 'b']);
    expect(await runPool([], 2)).toEqual([]);
  });
});

describe('runNodeBuffered', () => {
  it('keeps stdout and stderr instead of printing them, and reports the exit code', async () => {
    const script = "console.log('out'); console.error('err'); process.exitCode = 3;";
    const run = await runNodeBuffered('-e', [script], { cwd: process.cwd(), env: process.env });
    expect(run.code).toBe(3);
    expect(run.output.split('\n').sort()).toEqual(['', 'err', 'out']);
  });
});

describe('formatDuration', () => {
  it('says seconds under a minute, minutes and seconds above', () => {
    expect(formatDuration(83_400)).toBe('1 min 23 s');
    expect(formatDuration(4_250)).toBe('4.3 s');
    expect(formatDuration(725_000)).toBe('12 min 5 s');
    expect(formatDuration(299_600)).toBe('5 min 0 s');
    expect(formatDuration(59_970)).toBe('1 min 0 s');
  });
});
