const { swcTypeScript } = require('../tools/jest/swc-transform');

/**
 * Tests of the stack launcher: *.spec.ts for its logic, *.int-spec.ts start a whole stack as
 * `npm start` does and watch it from outside. The Playwright specs (tests/) are not Jest's.
 * @type {import('jest').Config}
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/stack'],
  testRegex: '\\.(int-)?spec\\.ts$',
  transform: { '^.+\\.ts$': swcTypeScript },
  testTimeout: 90_000,
  // A failed test gets one more try; npm test names each that needed it (flaky, never hidden).
  setupFilesAfterEnv: ['<rootDir>/stack/jest-retry-once.ts'],
};
