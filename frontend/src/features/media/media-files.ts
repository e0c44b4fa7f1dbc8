import { MEDIA_IMAGE_EXTENSIONS, type MediaFile, mediaFileUrl } from '@store-cloud/contracts';
import { extensionOf } from './media-rules';

/** The file's path on the media server: /companies/{folder}/{pending|expired|tags/{tag}}/{file}. */
export function fileUrl(folder: string, file: MediaFile): string {
  const area = file.directory.split(/[\\/]/).slice(1).join('/');
  return mediaFileUrl(folder, area, file.filename);
}

export const isImage = (name: string) =>
  (MEDIA_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name) ?? '');

/** The small preview: the server's thumbnail when it has one, else the image itself. */
export function thumbUrl(folder: string, file: MediaFile): string | null {
  if (file.thumbnail) return `${fileUrl(folder, file)}?thumbnail=true`;
  return isImage(file.filename) ? fileUrl(folder, file) : null;
}
