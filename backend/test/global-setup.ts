import { provideTestServices, TEST_ENV } from '../../e2e/stack/test-services';

/**
 * Starts the database and Redis the integration tests use, once per jest run, and hands their
 * addresses to the test files through TEST_ENV. A caller that already provides them (the root
 * `npm test`) sets TEST_MONGO_BASE, and then nothing is started here.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env[TEST_ENV.mongoBase]) return;
  const services = await provideTestServices((line) => process.stderr.write(`\n${line}\n`));
  process.env[TEST_ENV.mongoBase] = services.mongoBase;
  process.env[TEST_ENV.mongoQuery] = services.mongoQuery;
  process.env[TEST_ENV.redisUrl] = services.redisUrl;
  // Jest shares globals between global setup and teardown only.
  (globalThis as { __storecloudTestServices?: typeof services }).__storecloudTestServices =
    services;
}
