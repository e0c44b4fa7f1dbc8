/**
 * `npm test`: builds everything, then runs the repository's test runners two at a time (the
 * longest first; TEST_PARALLEL changes how many), prints each runner's output whole when it
 * ends, each one's time and the total, and ends with exactly one line `N passed, N failed`
 * summed over all of them. Counts come from each runner's machine-readable report, never from
 * its console output. Runners share one database server and Redis without meeting: every test
 * file makes its own database and Redis prefix (named after its process id), and the stacks of
 * the e2e runners take spare ports and throwaway folders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { nxBuild } from './nx-build';
import { packageBin } from './package-bin';
import { REPO_ROOT } from './paths';
import { formatDuration, runNodeBuffered, runPool } from './run-pool';
import { provideTestServices, TEST_ENV, type TestServices } from './test-services';
import {
  findingsOfJestLike,
  findingsOfPlaywright,
  type NamedTest,
  type ReportFindings,
} from './test-reports';

interface Outcome {
  runner: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Set when the runner ended badly without a failed test to show for it. */
  crash?: string;
  /** What the runner printed, shown whole when it ends. */
  output: string;
  ms?: number;
  /** The failed and the retried tests, named at the end of the run. */
  findings?: ReportFindings;
}

/** Two runners at a time fill two cores; the machines we run on have two. */
const DEFAULT_PARALLEL = 2;
const HEARTBEAT_MS = 5 * 60_000;

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

/**
 * workers: test files at a time (each in a worker process that Jest replaces once it holds more
 * than the config's workerIdleMemoryLimit after a file); unset: one file at a time, in band.
 */
function jestRunner(
  project: string,
  options: { optional?: boolean; workers?: number } = {},
): Runner {
  const cwd = path.join(REPO_ROOT, project);
  return {
    name: `${project} (jest)`,
    run: async (report, env) => {
      if (options.optional && !hasJestConfig(cwd)) {
        return { runner: `${project} (jest)`, passed: 0, failed: 0, skipped: 0, output: '' };
      }
      const inParallel = options.workers ? `--maxWorkers=${options.workers}` : '--runInBand';
      const args = ['--ci', inParallel, '--json', `--outputFile=${report}`];
      if (options.optional) args.push('--passWithNoTests');
      const run = await runNodeBuffered(packageBin('jest', cwd), args, { cwd, env });
      return fromJestLike(`${project} (jest)`, report, run.code, run.output, cwd);
    },
  };
}

const vitestRunner: Runner = {
  name: 'frontend (vitest)',
  run: async (report, env) => {
    const cwd = path.join(REPO_ROOT, 'frontend');
    const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    const run = await runNodeBuffered(packageBin('vitest', cwd), args, { cwd, env });
    return fromJestLike('frontend (vitest)', report, run.code, run.output, cwd);
  },
};

const playwrightRunner: Runner = {
  name: 'e2e (playwright)',
  run: async (report, env) => {
    const cwd = path.join(REPO_ROOT, 'e2e');
    const cli = packageBin('@playwright/test', cwd, 'playwright');
    const run = await runNodeBuffered(cli, ['test', '-c', 'playwright.config.ts'], {
      cwd,
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    });
    const outcome: Outcome = {
      runner: 'e2e (playwright)',
      passed: 0,
      failed: 0,
      skipped: 0,
      output: run.output,
    };
    if (!fs.existsSync(report)) return { ...outcome, crash: `no report (exit ${run.code})` };
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      errors?: { message?: string }[];
    } & Parameters<typeof findingsOfPlaywright>[0];
    outcome.findings = findingsOfPlaywright(json);
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

/** Longest first (times on a 2-core machine), so the short runners fill in beside the long ones. */
const RUNNERS: Runner[] = [
  // The long pole: its files (each with its own database and Redis prefix) two at a time.
  jestRunner('backend', { workers: 2 }),
  playwrightRunner,
  // The launcher: restart backoff, a whole stack under npm start surviving SIGKILLs, the docs.
  jestRunner('e2e'),
  vitestRunner,
  jestRunner('media-server'),
  jestRunner('router-simulator'),
  jestRunner('node-kit'),
  jestRunner('contracts', { optional: true }),
];

/** TEST_RUNNERS=backend,frontend runs only those (by project name); unset: all of them. */
function chosenRunners(names: string | undefined): Runner[] {
  if (!names) return RUNNERS;
  const wanted = names.split(',').map((n) => n.trim());
  const unknown = wanted.filter((n) => !RUNNERS.some((r) => r.name.startsWith(`${n} `)));
  if (unknown.length) {
    throw new Error(
      `TEST_RUNNERS names no runner: ${unknown.join(', ')} (runners: ${RUNNERS.map((r) => r.name).join(', ')})`,
    );
  }
  return RUNNERS.filter((r) => wanted.some((n) => r.name.startsWith(`${n} `)));
}

function hasJestConfig(dir: string): boolean {
  const names = ['jest.config.js', 'jest.config.cjs', 'jest.config.ts', 'jest.config.json'];
  if (names.some((n) => fs.existsSync(path.join(dir, n)))) return true;
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return 'jest' in manifest;
}

function fromJestLike(
  runner: string,
  report: string,
  code: number | null,
  output: string,
  root: string,
): Outcome {
  if (!fs.existsSync(report)) {
    return { runner, passed: 0, failed: 0, skipped: 0, crash: `no report (exit ${code})`, output };
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as JestLikeReport &
    Parameters<typeof findingsOfJestLike>[0];
  const outcome: Outcome = {
    runner,
    passed: json.numPassedTests,
    // A suite that cannot even load counts as one failure: its tests never ran.
    failed: json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0),
    skipped: json.numPendingTests + (json.numTodoTests ?? 0),
    output,
    findings: findingsOfJestLike(json, root),
  };
  if (code !== 0 && outcome.failed === 0) outcome.crash = `exit ${code}`;
  return outcome;
}

async function main(): Promise<number> {
  const runners = chosenRunners(process.env.TEST_RUNNERS);
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const begun = Date.now();
  console.log('Building every project...');
  await nxBuild();
  const buildMs = Date.now() - begun;

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

  const parallel = Number(process.env.TEST_PARALLEL) || DEFAULT_PARALLEL;
  console.log(`\nRunning ${runners.length} test runners, ${parallel} at a time.`);
  const started = Date.now();
  // Output comes per runner when it ends; meanwhile say now and then what is still going.
  const running = new Map<string, number>();
  const heartbeat = setInterval(() => {
    const list = [...running].map(([name, t0]) => `${name} ${formatDuration(Date.now() - t0)}`);
    if (list.length) console.log(`  … still running: ${list.join(', ')}`);
  }, HEARTBEAT_MS);
  const runOne = async (runner: Runner, index: number): Promise<Outcome> => {
    const report = path.join(REPORT_DIR, `${index + 1}-${runner.name.replace(/\W+/g, '-')}.json`);
    console.log(`▶ ${runner.name} started`);
    const t0 = Date.now();
    running.set(runner.name, t0);
    let outcome: Outcome;
    try {
      outcome = await runner.run(report, env);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = {
        runner: runner.name,
        passed: 0,
        failed: 0,
        skipped: 0,
        crash: message,
        output: '',
      };
    }
    outcome.ms = Date.now() - t0;
    running.delete(runner.name);
    console.log(`\n━━━ ${runner.name} (${formatDuration(outcome.ms)}) ━━━`);
    process.stdout.write(outcome.output.endsWith('\n') ? outcome.output : `${outcome.output}\n`);
    return outcome;
  };
  let outcomes: Outcome[];
  try {
    outcomes = await runPool(
      runners.map((runner, index) => () => runOne(runner, index)),
      parallel,
    );
  } finally {
    clearInterval(heartbeat);
    await stopServices();
  }

  printNamed('Failed tests', '✗', outcomes, (f) => f.failed);
  printNamed('Passed only on a retry (flaky)', '~', outcomes, (f) => f.flaky);
  console.log('\nTest runners:');
  for (const o of outcomes) {
    const extra = [o.skipped ? `${o.skipped} skipped` : '', o.crash ? `CRASHED: ${o.crash}` : '']
      .filter(Boolean)
      .join(', ');
    const time = formatDuration(o.ms ?? 0).padStart(12);
    console.log(
      `  ${o.runner.padEnd(28)}${time}  ${o.passed} passed, ${o.failed} failed${extra ? `  (${extra})` : ''}`,
    );
  }
  console.log(
    `Time: ${formatDuration(Date.now() - begun)} (build ${formatDuration(buildMs)}, tests ${formatDuration(Date.now() - started)})`,
  );
  // A crashed runner counts as one failure, so the summary line never looks clean when it is not.
  const passed = outcomes.reduce((n, o) => n + o.passed, 0);
  const failed = outcomes.reduce((n, o) => n + o.failed + (o.crash ? 1 : 0), 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

const NAMED_AT_MOST = 40;

/** Names the failed (or flaky) tests of every runner, so the end of a long log says which. */
function printNamed(
  title: string,
  mark: string,
  outcomes: Outcome[],
  pick: (findings: ReportFindings) => NamedTest[],
): void {
  const named = outcomes.flatMap((o) =>
    (o.findings ? pick(o.findings) : []).map((t) => ({ ...t, runner: o.runner })),
  );
  if (!named.length) return;
  console.log(`\n${title} (${named.length}):`);
  for (const t of named.slice(0, NAMED_AT_MOST)) {
    console.log(`  ${mark} [${t.runner}] ${t.file} › ${t.name}`);
    if (t.message) console.log(`      ${t.message.slice(0, 400)}`);
  }
  if (named.length > NAMED_AT_MOST) console.log(`  … and ${named.length - NAMED_AT_MOST} more`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`npm test failed: ${error instanceof Error ? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
