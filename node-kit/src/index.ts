export * from './env-parsing';
export * from './graceful-shutdown';
export * from './http-errors';
export * from './logger';
export * from './package-version';
export * from './service-start';
export * from './node-process';
export * from './http-logging';
