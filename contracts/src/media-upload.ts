/**
 * A same-name upload (issue 16): the media server answers 409 with this code instead of replacing
 * a file silently; the portal asks, then sends the upload again with ?replace=true.
 */
export const MEDIA_UPLOAD_CONFLICT = { code: 'FILE_EXISTS', replaceParam: 'replace' } as const;
