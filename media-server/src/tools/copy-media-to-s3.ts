import { ConfigError } from '@store-cloud/node-kit';
import { loadMediaConfig } from '../config/media-config';
import { copyMedia } from '../storage/copy-media';
import { mediaStorageOf } from '../storage/media-storage-of';

/**
 * `npm run copy-media-to-s3 -w media-server` (node dist/tools/copy-media-to-s3.js): copies the
 * company folders from the disk (DATA_DIR/media) to the bucket that MEDIA_STORAGE=s3 and the
 * MEDIA_S3_* variables name, verifying every file by size and sha256; run it again until it
 * reports no failure. Exit code 0 when every file is in the bucket, 1 otherwise.
 * docs/media-storage.md tells the whole move.
 */
async function main(): Promise<number> {
  const config = loadMediaConfig();
  if (!config.s3)
    throw new ConfigError(
      ['MEDIA_STORAGE'],
      'Invalid configuration:\n  MEDIA_STORAGE: must be s3 (with the MEDIA_S3_* of the bucket to copy into)',
    );
  const target = mediaStorageOf(config);
  if (!(await target.isWritable())) {
    console.error(
      `The bucket ${config.s3.bucket} does not answer (or does not exist): nothing copied`,
    );
    return 1;
  }
  console.log(`Copying ${config.mediaRoot} to the bucket ${config.s3.bucket}...`);
  const summary = await copyMedia(config.mediaRoot, target, (line) => console.log(line));
  const gb = (summary.bytes / 1024 ** 3).toFixed(2);
  console.log(
    `Done: ${summary.folders} folders, ${summary.files} files (${gb} GB): ${summary.copied} copied, ` +
      `${summary.present} already there, ${summary.failed} failed.`,
  );
  if (summary.failed) console.log('Some files failed: run the command again.');
  return summary.failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A ConfigError names the variables, never their values.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
