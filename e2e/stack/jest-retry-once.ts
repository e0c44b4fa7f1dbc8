/**
 * Jest setup for the suites that start real servers: a failed test runs once more, with the
 * first failure printed. Two cores shared by two runners make an occasional hook or wait slow;
 * a test that fails twice fails the run, and `npm test` names every test that needed its second
 * try (e2e/stack/test-reports.ts), so a flaky test is seen, never hidden.
 *
 * The retry runs after the file's other tests (Jest's default): a test that failed because a
 * store, a relay or a rate-limit window was slow on a loaded machine finds them settled by then.
 * Files whose last test stops what the others use (the launcher's int-specs end with Ctrl-C)
 * retry at once instead (`retryAtOnce` in launcher-run.ts).
 */
import { jest } from '@jest/globals';

jest.retryTimes(1, { logErrorsBeforeRetry: true });
