import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Request, Response } from 'express';
import type { S3StorageConfig } from '../config/media-config';
import type { FileStat, FolderListing, MediaStorage } from './media-storage';

/**
 * A folder is an empty object of this name inside it: S3 has no directories, and a company or
 * tag folder exists (and lists, empty) before any file is in it. A dot name, so no client name
 * (media-paths refuses those) can be the same.
 */
export const FOLDER_MARKER = '.folder';

/** Parts of an upload to the bucket: S3's smallest (the last part may be less). */
const PART_BYTES = 5 * 1024 * 1024;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 ||
    error.name === 'NotFound' ||
    error.name === 'NoSuchKey');

/** The client of the bucket; the secret key goes to the SDK only, never to a log. */
export function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default (a trailing checksum on every
    // upload, aws-chunked) is more than several S3-compatible stores accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The company folders as objects in an S3-compatible bucket, with the same keys as the paths
 * below the local media root. Any number of media servers may share the bucket. Writes are
 * single PUTs or multipart uploads, which S3 makes visible only once complete; a move is a copy
 * then a delete, so an interrupted one leaves the file in both places and is finished by doing
 * it again (media-store treats a same-content target as such).
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  readonly bucket: string;

  constructor(
    readonly client: S3Client,
    config: Pick<S3StorageConfig, 'bucket'>,
  ) {
    this.bucket = config.bucket;
  }

  private prefixOf(key: string): string {
    return key === '' ? '' : `${key}/`;
  }

  /** Every page of a listing below the key (one level with the delimiter). */
  private async *pages(key: string, delimiter?: string) {
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefixOf(key),
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async folderExists(key: string): Promise<boolean> {
    return key === '' || (await this.stat(`${key}/${FOLDER_MARKER}`)) !== undefined;
  }

  async makeFolder(key: string): Promise<boolean> {
    if (await this.folderExists(key)) return false;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: `${key}/${FOLDER_MARKER}`,
        Body: new Uint8Array(0),
        ContentLength: 0,
      }),
    );
    return true;
  }

  async listFolder(key: string): Promise<FolderListing | undefined> {
    const prefix = this.prefixOf(key);
    const listing: FolderListing = { files: [], folders: [] };
    // The root and the server's own folders (.thumbs, .digests) have no marker.
    let marked = key === '' || path.posix.basename(key).startsWith('.');
    for await (const page of this.pages(key, '/')) {
      for (const object of page.Contents ?? []) {
        const name = object.Key!.slice(prefix.length);
        if (name === FOLDER_MARKER) marked = true;
        else if (name) {
          const stat = { size: object.Size ?? 0, mtime: object.LastModified ?? new Date(0) };
          listing.files.push({ name, stat: () => Promise.resolve(stat) });
        }
      }
      for (const common of page.CommonPrefixes ?? [])
        listing.folders.push(common.Prefix!.slice(prefix.length).replace(/\/$/, ''));
    }
    return marked ? listing : undefined;
  }

  async listTree(key: string): Promise<{ key: string; size: number }[]> {
    const prefix = this.prefixOf(key);
    const files: { key: string; size: number }[] = [];
    for await (const page of this.pages(key))
      for (const object of page.Contents ?? []) {
        const name = object.Key!.slice(prefix.length);
        if (name && path.posix.basename(name) !== FOLDER_MARKER)
          files.push({ key: name, size: object.Size ?? 0 });
      }
    return files;
  }

  async removeFolder(key: string): Promise<boolean> {
    if (!(await this.folderExists(key))) return false;
    // The files first and the marker last, so an interrupted removal can be done again.
    const keys: string[] = [];
    for await (const page of this.pages(key))
      for (const object of page.Contents ?? []) keys.push(object.Key!);
    const marker = `${key}/${FOLDER_MARKER}`;
    const ordered = [...keys.filter((k) => k !== marker), marker];
    for (let i = 0; i < ordered.length; i += 1000) {
      const batch = ordered.slice(i, i + 1000);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (answer.Errors?.length)
        throw new Error(`Could not remove ${answer.Errors.length} objects below ${key}`);
    }
    return true;
  }

  async stat(key: string): Promise<FileStat | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async readStream(key: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return answer.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async move(from: string, to: string): Promise<void> {
    const source = [this.bucket, ...from.split('/')].map(encodeURIComponent).join('/');
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: source }),
    );
    await this.remove(from);
  }

  async sameContent(a: string, b: string): Promise<boolean> {
    const [first, second] = await Promise.all([a, b].map((key) => this.stat(key)));
    if (!first || !second || first.size !== second.size) return false;
    const [one, two] = await Promise.all([a, b].map((key) => this.sha256(key)));
    return one === two;
  }

  async sha256(key: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(await this.readStream(key), hash);
    return hash.digest('hex');
  }

  /** Streams the file to the bucket (multipart above 5 MB); the object appears once complete. */
  async putFile(localFile: string, key: string): Promise<void> {
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: createReadStream(localFile) },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    }).done();
    await fs.rm(localFile, { force: true });
  }

  /** GET of a file as express's sendFile answers it from disk (headers, ranges, 304). */
  async send(req: Request, res: Response, key: string): Promise<boolean> {
    const stat = await this.stat(key);
    if (!stat) return false;
    res.type(path.extname(key) || 'application/octet-stream');
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Last-Modified', stat.mtime.toUTCString());
    // The weak validator send makes from a file's size and time.
    res.setHeader('ETag', `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`);
    if (req.fresh) {
      res.status(304).end();
      return true;
    }
    const ranges = stat.size > 0 ? req.range(stat.size) : undefined;
    if (ranges === -1) {
      res.setHeader('Content-Range', `bytes */${stat.size}`);
      res.status(416).end();
      return true;
    }
    const range =
      Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes'
        ? ranges[0]
        : undefined;
    const length = range ? range.end - range.start + 1 : stat.size;
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
    }
    res.setHeader('Content-Length', String(length));
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    let body: Readable;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      body = answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return false; // removed since the stat
      throw error;
    }
    await pipeline(body, res);
    return true;
  }

  async isWritable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch {
      return false;
    }
  }
}
