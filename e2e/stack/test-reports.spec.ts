import { describe, expect, it } from '@jest/globals';
import { findingsOfJestLike, findingsOfPlaywright, shortMessage } from './test-reports';

describe('findingsOfJestLike', () => {
  it('names failed tests, files that failed outside a test, and tests that passed on a retry', () => {
    const findings = findingsOfJestLike(
      {
        testResults: [
          {
            name: '/repo/backend/test/a.int-spec.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'a works', status: 'passed' },
              {
                fullName: 'a breaks',
                status: 'failed',
                failureMessages: ['\u001b[31mExpected 1\u001b[39m\n\n  got 2\nat x\nat y'],
              },
              {
                fullName: 'a wobbles',
                status: 'passed',
                invocations: 2,
                retryMessages: ['Timeout of 90000 ms'],
              },
            ],
          },
          {
            name: '/repo/backend/test/b.int-spec.ts',
            status: 'failed',
            message: 'Cannot find module x',
            assertionResults: [],
          },
          {
            name: '/repo/backend/test/c.int-spec.ts',
            status: 'passed',
            assertionResults: [{ fullName: 'c', status: 'passed' }],
          },
        ],
      },
      '/repo/backend',
    );
    expect(findings.failed).toEqual([
      { file: 'test/a.int-spec.ts', name: 'a breaks', message: 'Expected 1 | got 2 | at x' },
      { file: 'test/b.int-spec.ts', name: '(the file itself)', message: 'Cannot find module x' },
    ]);
    expect(findings.flaky).toEqual([
      { file: 'test/a.int-spec.ts', name: 'a wobbles', message: 'Timeout of 90000 ms' },
    ]);
  });
});

describe('findingsOfPlaywright', () => {
  it('walks nested suites and names unexpected and flaky tests with their titles', () => {
    const findings = findingsOfPlaywright({
      suites: [
        {
          title: 'login.spec.ts',
          file: 'login.spec.ts',
          specs: [
            { title: 'logs in', tests: [{ status: 'expected', results: [{ status: 'passed' }] }] },
          ],
          suites: [
            {
              title: 'lockout',
              file: 'login.spec.ts',
              specs: [
                {
                  title: 'locks after five tries',
                  file: 'login.spec.ts',
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ status: 'failed', error: { message: 'Timed out 15000ms' } }],
                    },
                  ],
                },
                {
                  title: 'unlocks',
                  file: 'login.spec.ts',
                  tests: [
                    {
                      status: 'flaky',
                      results: [
                        { status: 'failed', error: { message: 'boom' } },
                        { status: 'passed' },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(findings.failed).toEqual([
      {
        file: 'login.spec.ts',
        name: 'lockout › locks after five tries',
        message: 'Timed out 15000ms',
      },
    ]);
    expect(findings.flaky).toEqual([
      { file: 'login.spec.ts', name: 'lockout › unlocks', message: 'boom' },
    ]);
  });
});

describe('shortMessage', () => {
  it('keeps the first three non-empty lines without colour codes', () => {
    expect(shortMessage('\u001b[2ma\u001b[22m\n\n b \nc\nd')).toBe('a | b | c');
    expect(shortMessage(undefined)).toBe('');
  });
});
