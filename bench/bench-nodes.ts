/**
 * The API nodes a bench spreads its store sockets over (issue 31: `npm start` with API_NODES=2,
 * or compose's `--scale backend=2`): BENCH_NODE_URLS (each node's own address, comma-separated)
 * and BENCH_NODE_PIDS (their pids in the same order, for CPU and memory from /proc). Store i goes
 * to node i mod N, as a balancer's round robin puts them.
 */
import { readFileSync } from 'node:fs';
import { cpuSeconds, loopbackUrl, percentile } from './bench-env';

export interface BenchNode {
  url: string;
  pid?: number;
}

/** The nodes to use; without BENCH_NODE_URLS, the one `base` (with `pid` when known). */
export function benchNodes(env: NodeJS.ProcessEnv, base: string, pid?: number): BenchNode[] {
  const urls = (env.BENCH_NODE_URLS ?? '').split(',').filter((u) => u.trim());
  if (!urls.length) return [{ url: base, ...(pid ? { pid } : {}) }];
  const pids = (env.BENCH_NODE_PIDS ?? '')
    .split(',')
    .filter((p) => p.trim())
    .map(Number);
  if (pids.length && pids.length !== urls.length)
    throw new Error('BENCH_NODE_PIDS must name one pid per address of BENCH_NODE_URLS');
  return urls.map((u, i) => ({
    url: loopbackUrl({ u: u.trim() }, 'u', '').origin,
    ...(pids[i] ? { pid: pids[i] } : {}),
  }));
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : NaN;
}

/** Each node's CPU and memory over the hold, and its stores' ping acknowledgement times. */
export class NodeUsage {
  private cpuBefore: number[] = [];
  private rssBefore: number[] = [];
  private held: string[] = [];
  private cores: number[] = [];
  private seconds = NaN;

  constructor(private readonly nodes: BenchNode[]) {}

  start(): void {
    this.cpuBefore = this.nodes.map((n) => (n.pid ? cpuSeconds(n.pid) : NaN));
    this.rssBefore = this.nodes.map((n) => (n.pid ? rssMiB(n.pid) : NaN));
  }

  /** At the end of the hold: each node's cores over it and its memory now. */
  stop(heldSeconds: number): void {
    this.seconds = heldSeconds;
    this.cores = this.nodes.map((n, i) =>
      n.pid ? (cpuSeconds(n.pid) - this.cpuBefore[i]!) / heldSeconds : NaN,
    );
    this.held = this.nodes.map((n, i) =>
      n.pid
        ? `${this.cores[i]!.toFixed(2)} cores, RSS ${this.rssBefore[i]!.toFixed(0)} -> ${rssMiB(n.pid).toFixed(0)} MiB, `
        : '',
    );
  }

  /** One line per node; acks[i] are node i's acknowledgement times (ms). */
  lines(acks: number[][]): string[] {
    return this.nodes.map((node, i) => {
      const sorted = [...(acks[i] ?? [])].sort((a, b) => a - b);
      const perThousand = coresPerThousandPings(this.cores[i] ?? NaN, sorted.length, this.seconds);
      return `node ${i + 1} ${node.url.padEnd(22)} ${this.held[i] ?? ''}${perThousand ? `${perThousand}, ` : ''}${sorted.length} acks p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(1)} ms`;
    });
  }
}

/**
 * A node's CPU per 1,000 pings a second (issue 31's figure: cores over the hold divided by the
 * thousands of pings it acknowledged per second), or '' when either is unknown.
 */
export function coresPerThousandPings(cores: number, pings: number, seconds: number): string {
  if (!Number.isFinite(cores) || !pings || !seconds) return '';
  return `${((cores * 1000) / (pings / seconds)).toFixed(3)} cores per 1,000 pings/s`;
}
