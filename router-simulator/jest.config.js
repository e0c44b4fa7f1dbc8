const { swcTypeScript } = require('../tools/jest/swc-transform');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testRegex: '\\.(int-)?spec\\.ts$',
  transform: { '^.+\\.ts$': swcTypeScript },
  // The int-specs start the built simulator as a process: on a loaded machine (npm test runs two
  // runners side by side) that alone can pass Jest's default 5 s.
  testTimeout: 60_000,
};
