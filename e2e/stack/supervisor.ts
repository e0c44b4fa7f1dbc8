import { type ChildProcess, spawn } from 'node:child_process';
import readline from 'node:readline';
import { styleText } from 'node:util';

type Color = 'blue' | 'magenta' | 'green' | 'cyan' | 'yellow' | 'red' | 'gray';

/** One process of the stack, as the supervisor starts (and restarts) it. */
export interface ProcessSpec {
  /** Short name, shown as the coloured prefix of every line it writes. */
  name: string;
  color: Color;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** 'data' processes (database, Redis) stop after every 'app' process. */
  layer: 'data' | 'app';
  /** File mode mask of the process, e.g. '077' so the database's files are 600. */
  umask?: string;
  /** Lines for which this returns false are not shown (FerretDB's noisy warnings). */
  showLine?: (line: string) => boolean;
}

/** Restart delays: 1 s, 2 s, 4 s ... at most 30 s; a process up this long starts again at 1 s. */
export const BACKOFF = { firstMs: 1000, maxMs: 30_000, stableMs: 30_000 } as const;

export function restartDelayMs(failures: number): number {
  return Math.min(BACKOFF.firstMs * 2 ** failures, BACKOFF.maxMs);
}

interface Supervised {
  spec: ProcessSpec;
  child?: ChildProcess;
  exited?: Promise<void>;
  /** Restarts in a row that did not stay up BACKOFF.stableMs. */
  failures: number;
  startedAt: number;
  timer?: NodeJS.Timeout;
}

export interface SupervisorOptions {
  /** Soft open-file limit for every child (the shell wrapper's `ulimit -n`); undefined: inherit. */
  openFiles?: number;
}

/**
 * Starts the stack's processes and keeps them running: until supervise() is called (the stack
 * is up) an exit is fatal and rejects `failed`, so a bad configuration stops `npm start` at
 * once; afterwards a process that dies is logged with its exit code or signal and started
 * again with BACKOFF, while the others keep serving. stop() ends everything, apps first.
 */
export class Supervisor {
  private readonly processes = new Map<string, Supervised>();
  private supervising = false;
  private stopping = false;
  private readonly prefixWidth: number;
  private rejectFailed!: (error: Error) => void;
  /** Rejects when a process exits before supervise(); never resolves. */
  readonly failed = new Promise<never>((_, reject) => {
    this.rejectFailed = reject;
  });

  constructor(
    names: string[],
    private readonly options: SupervisorOptions = {},
  ) {
    this.prefixWidth = Math.max(...names.map((n) => n.length));
    this.failed.catch(() => undefined);
  }

  start(spec: ProcessSpec): ChildProcess {
    if (this.processes.has(spec.name)) throw new Error(`${spec.name} is already supervised`);
    const entry: Supervised = { spec, failures: 0, startedAt: 0 };
    this.processes.set(spec.name, entry);
    return this.spawn(entry);
  }

  /** From now on a process that exits is restarted instead of failing the start. */
  supervise(): void {
    this.supervising = true;
  }

  names(): string[] {
    return [...this.processes.keys()];
  }

  pid(name: string): number | undefined {
    return this.processes.get(name)?.child?.pid;
  }

  /** Stops every process, the 'app' layer first; SIGKILL for any still running after graceMs. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const layer of ['app', 'data'] as const) {
      const entries = [...this.processes.values()].filter((e) => e.spec.layer === layer);
      await Promise.all(entries.map((entry) => this.stopOne(entry, graceMs)));
    }
  }

  /** Last resort when the launcher itself exits without stop(): no child outlives it. */
  killAll(): void {
    this.stopping = true;
    for (const { child, timer } of this.processes.values()) {
      clearTimeout(timer);
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }

  private async stopOne(entry: Supervised, graceMs: number): Promise<void> {
    clearTimeout(entry.timer);
    const { child, exited } = entry;
    if (!child || !exited || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const forced = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), graceMs);
    });
    if ((await Promise.race([exited, forced])) === 'timeout') {
      this.say(entry.spec, `did not stop within ${graceMs / 1000} s: SIGKILL`);
      child.kill('SIGKILL');
      await exited;
    }
    clearTimeout(timer);
  }

  private spawn(entry: Supervised): ChildProcess {
    const { spec } = entry;
    // A shell sets the limits, then `exec` replaces it, so the pid (and every signal) is the
    // process itself.
    const prelude = [
      this.options.openFiles !== undefined ? `ulimit -n ${this.options.openFiles}` : '',
      spec.umask ? `umask ${spec.umask}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const child = spawn(
      '/bin/sh',
      ['-c', `${prelude ? `${prelude}; ` : ''}exec "$0" "$@"`, spec.command, ...spec.args],
      {
        cwd: spec.cwd,
        env: spec.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    entry.child = child;
    entry.startedAt = Date.now();
    this.pipe(spec, child.stdout, process.stdout);
    this.pipe(spec, child.stderr, process.stderr);
    this.say(spec, `started (pid ${child.pid})`);
    entry.exited = new Promise((resolve) => {
      child.once('error', (error) => this.say(spec, `could not start: ${error.message}`));
      child.once('exit', (code, signal) => {
        resolve();
        this.onExit(entry, code, signal);
      });
    });
    return child;
  }

  private onExit(entry: Supervised, code: number | null, signal: NodeJS.Signals | null): void {
    const { spec } = entry;
    const reason = signal ? `signal ${signal}` : `code ${code}`;
    if (this.stopping) {
      this.say(spec, `stopped (${reason})`);
      return;
    }
    if (!this.supervising) {
      this.say(spec, `exited (${reason})`);
      this.rejectFailed(new Error(`${spec.name} exited (${reason}) before the stack was ready`));
      return;
    }
    if (Date.now() - entry.startedAt >= BACKOFF.stableMs) entry.failures = 0;
    const delay = restartDelayMs(entry.failures);
    entry.failures += 1;
    this.say(spec, `exited (${reason}); restarting in ${delay / 1000} s`);
    entry.timer = setTimeout(() => {
      if (!this.stopping) this.spawn(entry);
    }, delay);
  }

  private pipe(spec: ProcessSpec, from: NodeJS.ReadableStream, to: NodeJS.WriteStream): void {
    readline.createInterface({ input: from }).on('line', (line) => {
      if (spec.showLine && !spec.showLine(line)) return;
      to.write(`${this.prefix(spec, to)} ${line}\n`);
    });
  }

  private say(spec: ProcessSpec, message: string): void {
    process.stdout.write(`${this.prefix(spec, process.stdout)} ── ${message}\n`);
  }

  private prefix(spec: ProcessSpec, stream: NodeJS.WriteStream): string {
    const text = `[${spec.name.padEnd(this.prefixWidth)}]`;
    return stream.hasColors?.() ? styleText(spec.color, text) : text;
  }
}
