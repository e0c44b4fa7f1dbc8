/**
 * Reads the failed (and retried-then-passed) tests out of the runners' machine-readable reports,
 * so `npm test` can end by naming them: CI keeps only the tail of a long log, and a count alone
 * does not say which test to look at.
 */

export interface NamedTest {
  /** The test file, relative to its runner's folder where the report gives a path. */
  file: string;
  name: string;
  /** The first lines of the first failure message (for a flaky test, of the failed attempt). */
  message: string;
}

export interface ReportFindings {
  failed: NamedTest[];
  /** Passed on a retry: counted as passed, but named so a flaky test is never silent. */
  flaky: NamedTest[];
}

/** jest --json and vitest's json reporter: the fields we read. */
interface JestLikeJson {
  testResults?: {
    name: string;
    message?: string;
    status?: string;
    assertionResults?: {
      fullName?: string;
      title?: string;
      status: string;
      failureMessages?: string[] | null;
      /** Jest 30: the failures of the attempts before the last (jest.retryTimes). */
      retryMessages?: string[];
      invocations?: number;
    }[];
  }[];
}

/** Playwright's json reporter: the fields we read. */
interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: {
    title: string;
    file?: string;
    tests?: {
      status?: string;
      results?: { status?: string; error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

const MESSAGE_LINES = 3;

/** First lines of a message, colour codes gone, each trimmed. */
export function shortMessage(message: string | undefined): string {
  return (
    (message ?? '')
      // eslint-disable-next-line no-control-regex -- terminal colour codes in runner output
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, MESSAGE_LINES)
      .join(' | ')
  );
}

function relativeTo(root: string | undefined, file: string): string {
  if (root && file.startsWith(`${root}/`)) return file.slice(root.length + 1);
  return file;
}

export function findingsOfJestLike(json: JestLikeJson, root?: string): ReportFindings {
  const findings: ReportFindings = { failed: [], flaky: [] };
  for (const suite of json.testResults ?? []) {
    const file = relativeTo(root, suite.name);
    const tests = suite.assertionResults ?? [];
    if (suite.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      // The file failed outside any test: it did not load, or a hook failed.
      findings.failed.push({
        file,
        name: '(the file itself)',
        message: shortMessage(suite.message),
      });
    }
    for (const test of tests) {
      const name = test.fullName ?? test.title ?? '';
      if (test.status === 'failed') {
        findings.failed.push({ file, name, message: shortMessage(test.failureMessages?.[0]) });
      } else if (test.status === 'passed' && (test.invocations ?? 1) > 1) {
        findings.flaky.push({ file, name, message: shortMessage(test.retryMessages?.[0]) });
      }
    }
  }
  return findings;
}

export function findingsOfPlaywright(json: { suites?: PlaywrightSuite[] }): ReportFindings {
  const findings: ReportFindings = { failed: [], flaky: [] };
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const path = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const firstError = test.results?.find((r) => r.error)?.error?.message;
        const named: NamedTest = {
          file: spec.file ?? suite.file ?? '',
          name: [...path, spec.title].join(' › '),
          message: shortMessage(firstError),
        };
        if (test.status === 'unexpected') findings.failed.push(named);
        else if (test.status === 'flaky') findings.flaky.push(named);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of json.suites ?? []) walk(suite, []);
  return findings;
}
