/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testRegex: '\\.(int-)?spec\\.ts$',
  transform: { '^.+\\.ts$': 'ts-jest' },
};
