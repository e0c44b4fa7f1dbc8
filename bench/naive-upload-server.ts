/**
 * The naive upload server that bench/media-upload.bench.ts measures the media server against:
 * express, multer's memory storage and sharp, doing the media server's image work (one decode
 * with EXIF orientation, fitted within the limits and encoded again in the same pass, the 240 px
 * preview made from the fitted JPEG, both written to disk) and nothing else: no token, no
 * folder or limit check, no magic bytes, no digests, no staging and renames, no audit trail, no
 * request log. The bench starts it as a child process on a free loopback port; it prints
 * `listening {port}` and writes into a temporary folder that it removes when it is stopped.
 *
 *   node --import tsx bench/naive-upload-server.ts
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** The fit the media server applies by default (MEDIA_MAX_WIDTH x MEDIA_MAX_HEIGHT). */
const WIDTH = Number(process.env.NAIVE_MAX_WIDTH ?? 1200);
const HEIGHT = Number(process.env.NAIVE_MAX_HEIGHT ?? 937);
/** The media server's THUMBNAIL_SIZE. */
const PREVIEW_SIZE = 240;

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'naive-upload-'));
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 20_000_000 } });
  const app = express();
  app.post(
    '/upload',
    upload.single('file'),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        if (!req.file) {
          res.status(400).json({ success: false });
          return;
        }
        const { data, info } = await sharp(req.file.buffer)
          .rotate()
          .resize({ width: WIDTH, height: HEIGHT, fit: 'inside', withoutEnlargement: true })
          .jpeg()
          .toBuffer({ resolveWithObject: true });
        const preview = await sharp(data)
          .resize({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: 'inside' })
          .jpeg({ quality: 70 })
          .toBuffer();
        // Same-named uploads replace each other, as the bench's ?replace=true does.
        const name = path.basename(req.file.originalname);
        await Promise.all([
          fs.writeFile(path.join(dir, name), data),
          fs.writeFile(path.join(dir, `${name}.preview.jpg`), preview),
        ]);
        res.json({
          success: true,
          filename: name,
          width: info.width,
          height: info.height,
          filesize: info.size,
        });
      } catch (error) {
        next(error);
      }
    },
  );
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
  });
  const stop = () => {
    server.close();
    void fs.rm(dir, { recursive: true, force: true }).then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
