import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { BACKOFF, type ProcessSpec, restartDelayMs, Supervisor } from './supervisor';

describe('restartDelayMs', () => {
  it('doubles from 1 s and stays at 30 s', () => {
    const delays = Array.from({ length: 8 }, (_, failures) => restartDelayMs(failures));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(BACKOFF.maxMs).toBe(30_000);
  });
});

describe('Supervisor', () => {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  afterEach(() => {
    lines.length = 0;
  });
  afterAll(() => spy.mockRestore());

  const crashing: ProcessSpec = {
    name: 'crasher',
    color: 'red',
    command: '/bin/sh',
    args: ['-c', 'exit 3'],
    cwd: process.cwd(),
    env: process.env,
    layer: 'app',
  };
  const waitFor = async (pattern: RegExp, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!lines.some((l) => pattern.test(l))) {
      if (Date.now() > deadline) throw new Error(`no line ${pattern} in:\n${lines.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('fails the start when a process exits before supervise()', async () => {
    const supervisor = new Supervisor(['crasher']);
    supervisor.start(crashing);
    await expect(supervisor.failed).rejects.toThrow('crasher exited (code 3) before the stack');
    await supervisor.stop();
  });

  it('restarts a process that keeps dying after 1 s, then 2 s, naming its exit code', async () => {
    const supervisor = new Supervisor(['crasher']);
    supervisor.supervise();
    supervisor.start(crashing);
    await waitFor(/\[crasher\] ── exited \(code 3\); restarting in 1 s/);
    await waitFor(/\[crasher\] ── exited \(code 3\); restarting in 2 s/);
    expect(lines.filter((l) => l.includes('── started (pid')).length).toBe(2);
    await supervisor.stop();
    const started = lines.filter((l) => l.includes('── started (pid')).length;
    // A restart that was pending when stop() came never happens.
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect(lines.filter((l) => l.includes('── started (pid')).length).toBe(started);
  }, 20_000);

  it('stops a running process with SIGTERM', async () => {
    const supervisor = new Supervisor(['sleeper']);
    supervisor.supervise();
    const child = supervisor.start({ ...crashing, name: 'sleeper', args: ['-c', 'exec sleep 60'] });
    await waitFor(/\[sleeper\] ── started/);
    await supervisor.stop();
    expect(child.signalCode).toBe('SIGTERM');
    expect(lines.join('')).toContain('[sleeper] ── stopped (signal SIGTERM)');
  });
});
