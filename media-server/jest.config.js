/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testRegex: '\\.(int-)?spec\\.ts$',
  transform: { '^.+\\.ts$': 'ts-jest' },
  // Holds every answer of the tests' apps to the OpenAPI document (e2e/stack/openapi-traffic.ts).
  setupFilesAfterEnv: ['<rootDir>/test/openapi-traffic.setup.ts'],
};
