import type { MediaConfig } from '../config/media-config';
import { LocalDiskStorage } from './local-disk.storage';
import type { MediaStorage } from './media-storage';

/** The storage MEDIA_STORAGE names: the media root on disk, or the S3 bucket. */
export function mediaStorageOf(config: Pick<MediaConfig, 'mediaRoot' | 's3'>): MediaStorage {
  if (!config.s3) return new LocalDiskStorage(config.mediaRoot);
  // Loaded only for S3: the AWS SDK adds a second or more to every start on a busy machine.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { S3Storage, s3Client } = require('./s3.storage') as typeof import('./s3.storage');
  return new S3Storage(s3Client(config.s3), config.s3);
}
