/**
 * `npm test`: builds everything, then runs every test runner of the repository one after the
 * other, and ends with exactly one line `N passed, N failed` summed over all of them. Counts come
 * from each runner's machine-readable report, never from its console output.
 */
import fs from 'node:fs';
import path from 'node:path';
import { nxBuild } from './nx-build';
import { packageBin } from './package-bin';
import { REPO_ROOT } from './paths';
import { runNode } from './run-node';
import { provideTestServices, TEST_ENV, type TestServices } from './test-services';

interface Outcome {
  runner: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Set when the runner ended badly without a failed test to show for it. */
  crash?: string;
}

interface Runner {
  name: string;
  run: (report: string, env: NodeJS.ProcessEnv) => Promise<Outcome>;
}

const REPORT_DIR = path.join(REPO_ROOT, 'test-results', 'runners');

/** jest --json report fields we read (vitest's json reporter writes the same ones). */
interface JestLikeReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  numRuntimeErrorTestSuites?: number;
}

function jestRunner(project: string, options: { optional?: boolean } = {}): Runner {
  const cwd = path.join(REPO_ROOT, project);
  return {
    name: `${project} (jest)`,
    run: async (report, env) => {
      if (options.optional && !hasJestConfig(cwd)) {
        return { runner: `${project} (jest)`, passed: 0, failed: 0, skipped: 0 };
      }
      const args = ['--ci', '--runInBand', '--json', `--outputFile=${report}`];
      if (options.optional) args.push('--passWithNoTests');
      const run = await runNode(packageBin('jest', cwd), args, { cwd, env });
      return fromJestLike(`${project} (jest)`, report, run.code);
    },
  };
}

const vitestRunner: Runner = {
  name: 'frontend (vitest)',
  run: async (report, env) => {
    const cwd = path.join(REPO_ROOT, 'frontend');
    const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    const run = await runNode(packageBin('vitest', cwd), args, { cwd, env });
    return fromJestLike('frontend (vitest)', report, run.code);
  },
};

const playwrightRunner: Runner = {
  name: 'e2e (playwright)',
  run: async (report, env) => {
    const cwd = path.join(REPO_ROOT, 'e2e');
    const cli = packageBin('@playwright/test', cwd, 'playwright');
    const run = await runNode(cli, ['test', '-c', 'playwright.config.ts'], {
      cwd,
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    });
    const outcome: Outcome = { runner: 'e2e (playwright)', passed: 0, failed: 0, skipped: 0 };
    if (!fs.existsSync(report)) return { ...outcome, crash: `no report (exit ${run.code})` };
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      errors?: { message?: string }[];
    };
    outcome.passed = json.stats.expected + json.stats.flaky;
    outcome.failed = json.stats.unexpected;
    outcome.skipped = json.stats.skipped;
    if (run.code !== 0 && outcome.failed === 0) {
      const first = json.errors?.[0]?.message?.split('\n')[0];
      outcome.crash = first ?? `exit ${run.code}`;
    }
    return outcome;
  },
};

const RUNNERS: Runner[] = [
  jestRunner('contracts', { optional: true }),
  jestRunner('node-kit'),
  jestRunner('backend'),
  jestRunner('media-server'),
  jestRunner('router-simulator'),
  vitestRunner,
  // The launcher: restart backoff, and a whole stack under npm start surviving SIGKILLs.
  jestRunner('e2e'),
  playwrightRunner,
];

function hasJestConfig(dir: string): boolean {
  const names = ['jest.config.js', 'jest.config.cjs', 'jest.config.ts', 'jest.config.json'];
  if (names.some((n) => fs.existsSync(path.join(dir, n)))) return true;
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return 'jest' in manifest;
}

function fromJestLike(runner: string, report: string, code: number | null): Outcome {
  if (!fs.existsSync(report)) {
    return { runner, passed: 0, failed: 0, skipped: 0, crash: `no report (exit ${code})` };
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as JestLikeReport;
  const outcome: Outcome = {
    runner,
    passed: json.numPassedTests,
    // A suite that cannot even load counts as one failure: its tests never ran.
    failed: json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0),
    skipped: json.numPendingTests + (json.numTodoTests ?? 0),
  };
  if (code !== 0 && outcome.failed === 0) outcome.crash = `exit ${code}`;
  return outcome;
}

async function main(): Promise<number> {
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  console.log('Building every project...');
  await nxBuild();

  // One database server and Redis for every jest runner; each test file makes its own database.
  let services: TestServices | undefined;
  const stopServices = async () => {
    const s = services;
    services = undefined;
    await s?.stop();
  };
  process.once('SIGINT', () => void stopServices().then(() => process.exit(130)));
  process.once('SIGTERM', () => void stopServices().then(() => process.exit(143)));
  services = await provideTestServices();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [TEST_ENV.mongoBase]: services.mongoBase,
    [TEST_ENV.mongoQuery]: services.mongoQuery,
    [TEST_ENV.redisUrl]: services.redisUrl,
    // The Playwright stack has just been built with everything else.
    STACK_SKIP_BUILD: '1',
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
  };

  const outcomes: Outcome[] = [];
  try {
    for (const [index, runner] of RUNNERS.entries()) {
      console.log(`\n━━━ ${runner.name} ━━━`);
      const report = path.join(REPORT_DIR, `${index + 1}-${runner.name.replace(/\W+/g, '-')}.json`);
      try {
        outcomes.push(await runner.run(report, env));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        outcomes.push({ runner: runner.name, passed: 0, failed: 0, skipped: 0, crash: message });
      }
    }
  } finally {
    await stopServices();
  }

  console.log('\nTest runners:');
  for (const o of outcomes) {
    const extra = [o.skipped ? `${o.skipped} skipped` : '', o.crash ? `CRASHED: ${o.crash}` : '']
      .filter(Boolean)
      .join(', ');
    console.log(
      `  ${o.runner.padEnd(28)} ${o.passed} passed, ${o.failed} failed${extra ? `  (${extra})` : ''}`,
    );
  }
  // A crashed runner counts as one failure, so the summary line never looks clean when it is not.
  const passed = outcomes.reduce((n, o) => n + o.passed, 0);
  const failed = outcomes.reduce((n, o) => n + o.failed + (o.crash ? 1 : 0), 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`npm test failed: ${error instanceof Error ? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
