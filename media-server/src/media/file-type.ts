import { MEDIA_EXTENSIONS, MEDIA_SERVER_TEXT, MEDIA_VALIDATION_TEXT } from '@store-cloud/contracts';

export type MediaKind = 'jpeg' | 'png' | 'mp4';

/** Bytes needed by detectKind. */
export const MAGIC_BYTES = 12;

/** What the first bytes say the file is: JPEG SOI marker, PNG signature, ISO-BMFF 'ftyp' box. */
export function detectKind(head: Uint8Array): MediaKind | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  return undefined;
}

const KIND_BY_EXTENSION: Record<(typeof MEDIA_EXTENSIONS)[number], MediaKind> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  mp4: 'mp4',
};

/** The file's name or extension is not one the spec allows (answered 400). */
export class MediaTypeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaTypeError';
  }
}

/** The file's content is not what its extension promises (answered 415). */
export class MediaContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaContentError';
  }
}

/** The kind a file name promises (spec §5: jpg, jpeg, png, mp4, any case); throws the spec's text. */
export function kindOfName(fileName: string): MediaKind {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1)
    throw new MediaTypeError(MEDIA_VALIDATION_TEXT.invalidFileName(fileName));
  const extension = fileName.slice(dot + 1).toLowerCase();
  const kind = KIND_BY_EXTENSION[extension as keyof typeof KIND_BY_EXTENSION];
  if (!kind) throw new MediaTypeError(MEDIA_VALIDATION_TEXT.invalidFileExtension(fileName));
  return kind;
}

/** Throws MediaContentError unless the first bytes are what the name promises. */
export function checkContent(fileName: string, head: Uint8Array): MediaKind {
  const promised = kindOfName(fileName);
  if (detectKind(head) !== promised)
    throw new MediaContentError(MEDIA_SERVER_TEXT.contentMismatch(fileName));
  return promised;
}
