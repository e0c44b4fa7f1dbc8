import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';

export interface FileStat {
  size: number;
  mtime: Date;
}

/**
 * What a folder holds directly: its files and its sub-folders (dot names included). A file's
 * size and time are read only when asked (one stat each on disk; S3 lists them anyway);
 * undefined when it went meanwhile.
 */
export interface FolderListing {
  files: { name: string; stat(): Promise<FileStat | undefined> }[];
  folders: string[];
}

/**
 * Where the company folders live: the local disk below the media root (the default) or an
 * S3-compatible bucket. Keys come only from folders/media-paths (forward slashes, no root).
 * Uploads are staged on the local disk (.tmp below the media root) in both cases and handed to
 * putFile once complete, so a reader sees a whole file or none.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** A folder is there (local: a directory; S3: its marker object). */
  folderExists(key: string): Promise<boolean>;
  /** Makes the folder (local: with its parents); true when this call made it. */
  makeFolder(key: string): Promise<boolean>;
  /** The folder's own files and sub-folders; undefined when the folder is not there. */
  listFolder(key: string): Promise<FolderListing | undefined>;
  /** Every file below the folder, at any depth, as keys relative to it (for usage and copies). */
  listTree(key: string): Promise<{ key: string; size: number }[]>;
  /** Removes the folder with everything in it; false when it was not there. */
  removeFolder(key: string): Promise<boolean>;
  /** Size and time of a plain file; undefined when there is none at the key. */
  stat(key: string): Promise<FileStat | undefined>;
  readStream(key: string): Promise<Readable>;
  /** Removes a file; nothing when it is not there. */
  remove(key: string): Promise<void>;
  /**
   * Moves a file. Local: one rename. S3: copy, then delete the source, so a crash between the two
   * leaves the file in both places (never none) and the move can be done again.
   */
  move(from: string, to: string): Promise<void>;
  /** True when both keys hold the same bytes (S3: a copy whose delete did not happen). */
  sameContent(a: string, b: string): Promise<boolean>;
  /** Stores a complete local file at the key (replacing any) and removes the local file. */
  putFile(localFile: string, key: string): Promise<void>;
  /** Answers GET with the file: type, length, Last-Modified, ETag, ranges, 304s. False: no file. */
  send(req: Request, res: Response, key: string): Promise<boolean>;
  /** Files can be read and written now (local: the root is writable; S3: the bucket answers). */
  isWritable(): Promise<boolean>;
}
