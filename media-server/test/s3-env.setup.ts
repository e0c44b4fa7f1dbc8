import { randomUUID } from 'node:crypto';
import { S3_TEST_ENDPOINT } from './s3-test-env';

/**
 * The s3 project, per test file: MEDIA_STORAGE=s3 on the run's SeaweedFS with a bucket of this
 * file's own (made by s3-bucket.setup.ts). Jest gives each test file its own copy of
 * process.env, so the local project never sees these.
 */
const endpoint = process.env[S3_TEST_ENDPOINT];
if (!endpoint)
  throw new Error(`${S3_TEST_ENDPOINT} is unset: the s3 project's global setup did not run`);
Object.assign(process.env, {
  MEDIA_STORAGE: 's3',
  MEDIA_S3_ENDPOINT: endpoint,
  MEDIA_S3_BUCKET: `media-test-${randomUUID().slice(0, 8)}`,
  // SeaweedFS without identities accepts any key pair.
  MEDIA_S3_ACCESS_KEY_ID: 'media-test',
  MEDIA_S3_SECRET_ACCESS_KEY: 'media-test-secret',
});
