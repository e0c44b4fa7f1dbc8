const { swcTypeScript } = require('../tools/jest/swc-transform');

/**
 * The same spec files run twice: on the local disk (the default storage) and on an S3 bucket of
 * a real S3-compatible server (SeaweedFS, started once per run by the s3 project's global setup;
 * each test file gets a bucket of its own). `npx jest --selectProjects local` runs one of them.
 */
const common = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testRegex: '\\.(int-)?spec\\.ts$',
  transform: { '^.+\\.ts$': swcTypeScript },
};
// Holds every answer of the tests' apps to the OpenAPI document (e2e/stack/openapi-traffic.ts).
const openApiTraffic = '<rootDir>/test/openapi-traffic.setup.ts';

/** @type {import('jest').Config} */
module.exports = {
  // Tests start servers and child processes on a machine shared with other runs (the backend's
  // limit): 5 s is a timing assertion in disguise there. Jest reads it here, not per project.
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'local', setupFilesAfterEnv: [openApiTraffic] },
    {
      ...common,
      displayName: 's3',
      globalSetup: '<rootDir>/test/s3-global-setup.ts',
      globalTeardown: '<rootDir>/test/s3-global-teardown.ts',
      setupFiles: ['<rootDir>/test/s3-env.setup.ts'],
      setupFilesAfterEnv: [openApiTraffic, '<rootDir>/test/s3-bucket.setup.ts'],
    },
  ],
};
