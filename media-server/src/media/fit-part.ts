import { createHash } from 'node:crypto';
import { MEDIA_SERVER_TEXT, MEDIA_VALIDATION_TEXT } from '@store-cloud/contracts';
import sharp, { type OutputInfo } from 'sharp';
import { checkContent, MAGIC_BYTES, MediaContentError } from './file-type';
import type { FitOptions } from './upload';

/**
 * What sharp accepts as an image: it must decode to its end (failOn 'warning': a cut-off or
 * corrupt file is refused, not padded with grey) and be at most 16383 x 16383 pixels, so a small
 * file declaring huge dimensions is refused before any pixel is allocated.
 */
const IMAGE_INPUT = { failOn: 'warning', limitInputPixels: 16_383 * 16_383 } as const;

/** Cut at MEDIA_MAX_UPLOAD_BYTES by multer (which then answers 413). */
const truncated = (stream: NodeJS.ReadableStream) =>
  (stream as unknown as { truncated?: boolean }).truncated === true;

/**
 * An image part piped into sharp (a duplex stream) as it arrives, in one pass over its chunks:
 * each chunk is written to sharp as it is (no copy, no Transform: a 5 MB photo is some 90
 * chunks), and the first MAGIC_BYTES are checked as soon as they are there, so a wrong file is
 * refused (and its part destroyed) before the rest is read. sharp 0.35 gathers a stream's chunks
 * and joins them into one buffer when the stream ends, then decodes (libvips reads no partial
 * JPEG through sharp): the decode cannot start before the last byte, and the one copy of the part
 * is sharp's. A part cut at the size limit or aborted never reaches sharp's end, so nothing of it
 * is decoded. The sha256 of the uploaded bytes is taken from the same chunks while sharp decodes
 * on the thread pool: the JavaScript thread is idle until the decode ends, so at one upload at a
 * time it adds nothing to the upload's time (it used to follow the decode).
 */
export async function fitPart(
  stream: NodeJS.ReadableStream,
  fileName: string,
  kind: 'jpeg' | 'png',
  fit: FitOptions,
): Promise<{ fitted: { data: Buffer; info: OutputInfo }; original: string }> {
  const image = sharp(IMAGE_INPUT)
    .rotate()
    .resize({ width: fit.maxWidth, height: fit.maxHeight, fit: 'inside', withoutEnlargement: true })
    .toFormat(kind);
  // Waits for the end of the input; an image destroyed before it never settles (nothing waits).
  const fitting = image.toBuffer({ resolveWithObject: true });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (size < MAGIC_BYTES && size + chunk.length >= MAGIC_BYTES)
        checkContent(fileName, Buffer.concat([...chunks, chunk], MAGIC_BYTES));
      chunks.push(chunk);
      size += chunk.length;
      // sharp's _write keeps the chunk and calls back at once: nothing waits in the stream, so
      // its 'drain' is not awaited.
      image.write(chunk);
    }
    if (size < MAGIC_BYTES) checkContent(fileName, Buffer.concat(chunks, size));
    if (truncated(stream))
      throw new MediaContentError(MEDIA_VALIDATION_TEXT.fileTooLarge(fileName));
  } catch (error) {
    image.destroy();
    throw error;
  }
  image.end();
  // sharp starts its decode on 'finish' (its listener is first): hash while it runs.
  await new Promise((resolve) => image.once('finish', resolve));
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  const original = hash.digest('hex');
  // sharp holds the part joined: the chunks are not kept alive through the decode as well.
  chunks.length = 0;
  try {
    return { fitted: await fitting, original };
  } catch {
    throw new MediaContentError(MEDIA_SERVER_TEXT.notAnImage(fileName, kind.toUpperCase()));
  }
}
