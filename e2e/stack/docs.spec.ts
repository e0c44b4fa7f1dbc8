import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT } from './paths';

const run = promisify(execFile);

/** Runs a tools/docs script as `npm run` would; resolves to its exit code and what it said. */
async function tool(script: string, ...args: string[]) {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'tools/docs', script), ...args],
      { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the documentation', () => {
  // The message is the script's own: which variables lack a meaning, or the table's diff.
  it('has the configuration table the environment schemas make (npm run docs:config)', async () => {
    const result = await tool('config-table.ts', '--check');
    expect(result).toEqual({ code: 0, output: 'docs/configuration.md is up to date.\n' });
  }, 180_000);

  it('has no link to a missing file or heading in README.md and docs/', async () => {
    const result = await tool('doc-links.ts');
    expect(result).toEqual({ code: 0, output: 'Every link of README.md and docs/ resolves.\n' });
  }, 180_000);
});
