/**
 * Jest setup for the suites that start real servers: a failed test runs once more, with the
 * first failure printed. Two cores shared by two runners make an occasional hook or wait slow;
 * a test that fails twice fails the run, and `npm test` names every test that needed its second
 * try (e2e/stack/test-reports.ts), so a flaky test is seen, never hidden.
 *
 * The retry runs at once, before the file's next test: a file's tests build on each other (one
 * stack, one sequence of kills and restarts), and Jest's default (retry after the whole file)
 * retried a kill test after the file's last test had stopped the stack.
 */
import { jest } from '@jest/globals';

jest.retryTimes(1, { logErrorsBeforeRetry: true, retryImmediately: true });
