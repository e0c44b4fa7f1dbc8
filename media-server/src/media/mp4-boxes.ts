import fs from 'node:fs/promises';

/**
 * A small walker over the top level of an ISO base media file (MP4, ISO/IEC 14496-12 §4.2): every
 * box header is read, so a file is accepted only when it is wholly a chain of boxes: it starts
 * with 'ftyp', each box has a known type and a size that fits, the sizes add up to the file's
 * length, and a 'moov' box holds an 'mvhd' (the movie header every player needs). An 'ftyp'
 * followed by HTML, a script or zeros fails here. The media data itself is not decoded.
 */

/** Top-level box types of ISO/IEC 14496-12 and the QuickTime ones MP4 writers emit. */
const TOP_LEVEL_BOXES = new Set([
  'ftyp',
  'styp',
  'pdin',
  'moov',
  'moof',
  'mfra',
  'mdat',
  'free',
  'skip',
  'wide',
  'meta',
  'sidx',
  'ssix',
  'prft',
  'emsg',
  'uuid',
  'udta',
  'pnot',
]);

/** Enough for any real MP4 (a fragmented one has two boxes per fragment); bounds the reads. */
const MAX_BOXES = 100_000;

export class Mp4BoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Mp4BoxError';
  }
}

interface Box {
  type: string;
  start: number;
  /** Where the box's content starts (after its 8- or 16-byte header). */
  content: number;
  end: number;
}

type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** The boxes between start and end, each checked for a readable type and a size that fits. */
async function* boxes(
  read: ReadAt,
  start: number,
  end: number,
  where: string,
  known?: Set<string>,
) {
  let offset = start;
  let count = 0;
  while (offset < end) {
    if ((count += 1) > MAX_BOXES) throw new Mp4BoxError(`more than ${MAX_BOXES} boxes`);
    if (end - offset < 8) throw new Mp4BoxError(`${end - offset} stray bytes at byte ${offset}`);
    const header = await read(offset, Math.min(16, end - offset));
    const type = header.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type))
      throw new Mp4BoxError(`no box header at byte ${offset}${where}`);
    if (known && !known.has(type))
      throw new Mp4BoxError(`unknown top-level box '${type}' at byte ${offset}`);
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) throw new Mp4BoxError(`box '${type}' at byte ${offset} is cut off`);
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) size = end - offset; // "extends to the end of the file"
    if (size < headerSize)
      throw new Mp4BoxError(`box '${type}' at byte ${offset} has an impossible size ${size}`);
    if (offset + size > end)
      throw new Mp4BoxError(`box '${type}' at byte ${offset} runs past the end${where}`);
    yield { type, start: offset, content: offset + headerSize, end: offset + size } satisfies Box;
    offset += size;
  }
}

/** Resolves when the file at path is an MP4 by the rules above; throws Mp4BoxError saying why not. */
export async function checkMp4File(path: string): Promise<void> {
  const handle = await fs.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const read: ReadAt = async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    let moov: Box | undefined;
    for await (const box of boxes(read, 0, size, '', TOP_LEVEL_BOXES)) {
      if (box.start === 0 && box.type !== 'ftyp')
        throw new Mp4BoxError(`it starts with '${box.type}', not 'ftyp'`);
      if (box.type === 'moov') {
        if (moov) throw new Mp4BoxError(`a second 'moov' box at byte ${box.start}`);
        moov = box;
      }
    }
    if (!moov) throw new Mp4BoxError("no 'moov' box");
    let header = false;
    for await (const child of boxes(read, moov.content, moov.end, " inside 'moov'"))
      if (child.type === 'mvhd') header = true;
    if (!header) throw new Mp4BoxError("the 'moov' box has no 'mvhd'");
  } finally {
    await handle.close();
  }
}
