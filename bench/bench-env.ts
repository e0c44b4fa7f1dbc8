/**
 * What the benches share: their settings from the environment (loopback addresses only, so a
 * bench can never load a shared or production server by mistake), their percentile and the CPU
 * time of a server process.
 */
import { readFileSync } from 'node:fs';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The URL in env[name], else the fallback; throws unless it is a loopback address. */
export function loopbackUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): URL {
  const url = new URL(env[name] ?? fallback);
  if (!LOOPBACK.has(url.hostname))
    throw new Error(`${name} must be a loopback address, not ${url.hostname}`);
  return url;
}

/** The whole number in env[name], else the fallback; throws unless it is at least 1. */
export function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** The nearest-rank percentile p (0-100] of ascending latencies; NaN when there are none. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
