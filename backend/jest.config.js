const { swcEsModuleToCommonJs, swcTypeScript } = require('../tools/jest/swc-transform');

const ESM_ONLY = 'openid-client|oauth4webapi|jose';

/**
 * One run for both kinds of test: *.spec.ts (pure logic, under src/) and *.int-spec.ts
 * (the real app over HTTP against FerretDB/MongoDB and Redis, under test/).
 * @type {import('jest').Config}
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(int-)?spec\\.ts$',
  transform: {
    '^.+\\.ts$': swcTypeScript,
    // openid-client 6 and its jose and oauth4webapi are ES modules only: Node (>= 20.19) requires
    // them as they are, but Jest's CommonJS runtime cannot on Node 20 (it can from Node 24.9), so
    // the tests compile them to CommonJS.
    [`/node_modules/(${ESM_ONLY})/.+\\.js$`]: swcEsModuleToCommonJs,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY})/)`],
  globalSetup: '<rootDir>/test/global-setup.ts',
  // A failed test gets one more try; npm test names each that needed it (flaky, never hidden).
  // test/fast-bcrypt.ts hashes passwords at a lower bcrypt cost (the same checks, less CPU).
  // jest-release-observers.ts lets each file's app go when it ends (prom-client's GC observer).
  setupFilesAfterEnv: [
    '<rootDir>/../e2e/stack/jest-retry-once.ts',
    '<rootDir>/../e2e/stack/jest-release-observers.ts',
    '<rootDir>/test/fast-bcrypt.ts',
  ],
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // Each test file makes its own database and Redis prefix, so files may run in two workers
  // (`--maxWorkers=2`); a worker past this much memory after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1536MB',
  // npm test runs this suite beside Playwright on two cores: starting an app and seeding the demo
  // fleet took over 30 s there. A limit on a hang, not a speed goal (those live in bench/).
  testTimeout: 90_000,
  // The 'Redis unreachable' test leaves BullMQ's internal blocking connections retrying after
  // the app has closed (their close() never resolves without Redis; the app gives up after 2 s).
  // Every test still closes its app; this only stops Jest from waiting on those retries.
  forceExit: true,
};
