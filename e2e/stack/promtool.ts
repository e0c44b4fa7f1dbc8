import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TOOLS_BIN } from './paths';

/**
 * Prometheus's promtool (`check metrics`, `test rules`), built once from the Go module proxy into
 * the ignored .tools/bin (about 3 minutes; the version TOOLCHAIN.md measured).
 */
export const PROMTOOL_MODULE = 'github.com/prometheus/prometheus/cmd/promtool@v0.316.0';
export const PROMTOOL_BIN = path.join(TOOLS_BIN, 'promtool');

/** Builds promtool unless it is there; answers its path. */
export function buildPromtool(log: (line: string) => void = console.log): string {
  if (fs.existsSync(PROMTOOL_BIN)) return PROMTOOL_BIN;
  log(`Building promtool (${PROMTOOL_MODULE}) with go (once; about 3 minutes)...`);
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  execFileSync('go', ['install', PROMTOOL_MODULE], {
    stdio: 'inherit',
    env: { ...process.env, GOBIN: TOOLS_BIN, CGO_ENABLED: process.env.CGO_ENABLED ?? '0' },
  });
  return PROMTOOL_BIN;
}

export interface PromtoolResult {
  status: number | null;
  output: string;
}

/** `promtool check metrics` on a scrape's text (its problems, one a line; none: status 0). */
export function checkMetrics(text: string): PromtoolResult {
  const run = spawnSync(buildPromtool(), ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** `promtool test rules` on rule test files. */
export function testRules(files: string[], cwd: string): PromtoolResult {
  const run = spawnSync(buildPromtool(), ['test', 'rules', ...files], { cwd, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** `promtool check config` on a Prometheus configuration (its rule files too). */
export function checkConfig(file: string): PromtoolResult {
  const run = spawnSync(buildPromtool(), ['check', 'config', '--syntax-only', file], {
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
