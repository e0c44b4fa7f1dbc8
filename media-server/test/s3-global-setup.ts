import { type RunningSeaweedFs, startSeaweedFs } from '../../e2e/stack/seaweedfs';
import { S3_TEST_ENDPOINT } from './s3-test-env';

/**
 * The s3 project's real S3-compatible server: SeaweedFS's S3 gateway, once per jest run, its
 * endpoint handed to the test files through S3_TEST_ENDPOINT. A caller that provides one sets
 * it, and then nothing is started here.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env[S3_TEST_ENDPOINT]) return;
  const seaweed = await startSeaweedFs((line) => process.stderr.write(`\n${line}\n`));
  process.env[S3_TEST_ENDPOINT] = seaweed.s3Endpoint;
  // Jest shares globals between global setup and teardown only.
  (globalThis as { __storecloudSeaweedFs?: RunningSeaweedFs }).__storecloudSeaweedFs = seaweed;
}
