import {
  CACHE_CONTROL,
  companyQuerySchema,
  deleteFilesRequestSchema,
  directoryRequestSchema,
  AUDIT_ACTION,
  isSystemUsername,
  MEDIA_API,
  MEDIA_FOLDER,
  MEDIA_SERVER_TEXT,
  mediaDirQuerySchema,
  mediaFilesRequestSchema,
  mediaImageQuerySchema,
  type MediaListResult,
  mediaListQuerySchema,
  type MediaResult,
  moveMediaFilesRequestSchema,
  setStoreTypeRequestSchema,
  tagQuerySchema,
  tagRequestSchema,
} from '@store-cloud/contracts';
import { NotFoundError, parseOr400, ValidationFailedError } from '@store-cloud/node-kit';
import type { FileAudit, FileChange } from '../audit/file-audit';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import onFinished from 'on-finished';
import {
  authenticate,
  callerOf,
  requireCompanyAccess,
  requireMediaAdmin,
} from '../auth/media-access';
import type { MediaLimits } from '../auth/media-limits';
import { TokenMap } from '../auth/token-map';
import type { TokenVerifier } from '../auth/token-verifier';
import {
  areaSegments,
  checkName,
  companyIdOfFolder,
  type MediaArea,
  MediaPathError,
  mediaFileKey,
  parseArea,
  parseDirectoryName,
  thumbnailKey,
} from '../folders/media-paths';
import type { MediaStorage } from '../storage/media-storage';
import { JSON_BODY_LIMIT_BYTES } from './body-limit';
import { MediaStore } from './media-store';
import {
  type FitOptions,
  receiveUpload,
  type StagedUpload,
  storeUpload,
  type UploadTarget,
} from './upload';
import { UploadSlots } from './upload-slots';
import { timeUpload } from '../metrics/upload-timer';

export interface MediaRouterOptions {
  /** Where uploads are staged (.tmp below it) before they go to storage. */
  mediaRoot: string;
  /** Where the company folders are: the disk below mediaRoot or an S3 bucket. */
  storage: MediaStorage;
  verifier: TokenVerifier;
  /** Each company's media file limit, checked before an upload is received. */
  limits: MediaLimits;
  /** The largest image the server keeps; ?width= and ?height= may only ask for less. */
  fit: FitOptions;
  /** Where completed uploads, replaces, deletes and moves are reported (the audit trail). */
  audit: FileAudit;
}

/** A media folder as the audit trail names it: pending, expired, tags/{tag}. */
const areaName = (area: MediaArea) => areaSegments(area).join('/');

/** The files of a move or delete that were handled: each occurrence without a failure. */
function handled(files: string[], result: MediaResult): string[] {
  const failed = [...(result.failedFiles ?? [])];
  return files.filter((file) => {
    const i = failed.indexOf(file);
    if (i >= 0) failed.splice(i, 1);
    return i < 0;
  });
}

type Handler = (req: Request, res: Response) => Promise<unknown> | unknown;

/** Runs a handler and answers its result as JSON. */
const route =
  (handler: Handler) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const body = await handler(req, res);
      if (body !== undefined) res.json(body);
    } catch (error) {
      next(error);
    }
  };

/** Runs a check and passes on to the next handler. */
const step =
  (check: Handler) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      await check(req, res);
      next();
    } catch (error) {
      next(error);
    }
  };

/**
 * The media server's calls (spec media §7). Every one needs a token the backend accepts and
 * access to the company whose folder it names; creating and removing folders needs
 * Central Media Administration. Paths are built only by folders/media-paths.
 */
export function mediaRouter(options: MediaRouterOptions): Router {
  const { mediaRoot, storage, fit } = options;
  const store = new MediaStore(storage);
  /** The upload folder chosen by POST /setstoretype, per token. */
  const targets = new TokenMap<string>(1000);
  const slots = new UploadSlots();
  const router = Router();
  // Only the media paths: others stay public (/version, /health) or answer 404.
  const protectedPaths = Object.values(MEDIA_API).filter((p) => p !== MEDIA_API.version);
  router.use(
    protectedPaths,
    authenticate(options.verifier),
    express.json({ limit: JSON_BODY_LIMIT_BYTES }),
  );

  /**
   * Reports the caller's completed changes of a company's files before the call answers. The
   * backend's own service user (the schedule engine) is left out: the backend records its
   * moves itself.
   */
  type Change = Pick<FileChange, 'action' | 'file' | 'from' | 'to' | 'size' | 'type'>;
  const report = (res: Response, folder: string, changes: Change[]) => {
    const { info } = callerOf(res);
    if (isSystemUsername(info.name)) return Promise.resolve();
    return options.audit.record(
      changes.map((change) => ({
        actor: { id: info.id, username: info.name },
        companyId: companyIdOfFolder(folder),
        mediaFolder: folder,
        ...change,
      })),
    );
  };
  const reportMoves = async (
    res: Response,
    folder: string,
    from: MediaArea,
    to: MediaArea,
    files: string[],
    result: MediaResult,
  ) => {
    await report(
      res,
      folder,
      handled(files, result).map((file) => ({
        action: AUDIT_ACTION.mediaFileMove,
        file,
        from: areaName(from),
        to: areaName(to),
      })),
    );
    return result;
  };

  const company = (res: Response, folder: string) => {
    requireCompanyAccess(res, folder);
    return folder;
  };
  const listed = (files: Awaited<ReturnType<MediaStore['list']>>): MediaListResult =>
    files ? { success: true, files } : { success: false, files: [] };
  const requireArea = (area: MediaArea | undefined): MediaArea => {
    if (!area)
      throw new MediaPathError(
        'The directory name must name a folder inside the company: {folder}/pending, {folder}/expired or {folder}/tags/{tag}',
      );
    return area;
  };

  router.get(
    MEDIA_API.mediaList,
    route(async (req, res) => {
      const { dir, tag } = parseOr400(mediaListQuerySchema, req.query);
      return listed(
        await store.list(company(res, dir), { kind: 'tag', tag: checkName('tag', tag) }),
      );
    }),
  );
  router.get(
    MEDIA_API.pendingMediaList,
    route(async (req, res) => {
      const { dir } = parseOr400(mediaDirQuerySchema, req.query);
      return listed(await store.list(company(res, dir), { kind: 'pending' }));
    }),
  );
  router.get(
    MEDIA_API.expiredMediaList,
    route(async (req, res) => {
      const { dir } = parseOr400(mediaDirQuerySchema, req.query);
      return listed(await store.list(company(res, dir), { kind: 'expired' }));
    }),
  );

  /** A company folder (its pending, tags and expired) or a folder inside an existing one. */
  router.post(
    MEDIA_API.createDirectory,
    route(async (req, res): Promise<MediaResult> => {
      const { directoryname } = parseOr400(directoryRequestSchema, req.body);
      const { folder, area } = parseDirectoryName(directoryname);
      company(res, folder);
      requireMediaAdmin(res);
      if (area) await store.createArea(folder, area);
      else await store.createCompany(folder);
      return { success: true };
    }),
  );
  router.post(
    MEDIA_API.companies,
    route(async (req, res): Promise<MediaResult> => {
      const { directoryname } = parseOr400(directoryRequestSchema, req.body);
      const folder = company(res, checkName('folder', directoryname));
      requireMediaAdmin(res);
      return { success: true, created: await store.createCompany(folder) };
    }),
  );
  /** The backend undoing a company folder it created when recording it failed: only an empty one. */
  router.delete(
    MEDIA_API.companies,
    route(async (req, res): Promise<MediaResult> => {
      const { company: name } = parseOr400(companyQuerySchema, req.query);
      const folder = company(res, checkName('folder', name));
      requireMediaAdmin(res);
      if (!(await store.removeEmptyCompany(folder)))
        throw new NotFoundError(MEDIA_SERVER_TEXT.folderMissing(folder));
      return { success: true };
    }),
  );

  router.post(
    MEDIA_API.deleteFiles,
    route(async (req, res) => {
      const { directoryname, filelist } = parseOr400(deleteFilesRequestSchema, req.body);
      const { folder, area } = parseDirectoryName(directoryname);
      const from = requireArea(area);
      const result = await store.deleteFiles(company(res, folder), from, filelist);
      await report(
        res,
        folder,
        handled(filelist, result).map((file) => ({
          action: AUDIT_ACTION.mediaFileDelete,
          file,
          from: areaName(from),
        })),
      );
      return result;
    }),
  );
  router.post(
    MEDIA_API.moveMediaFiles,
    route(async (req, res) => {
      const body = parseOr400(moveMediaFilesRequestSchema, req.body);
      const folder = company(res, checkName('folder', body.directoryname));
      const from = parseArea(body.sourceFolder);
      const to = parseArea(body.destinationFolder);
      const result = await store.moveFiles(folder, from, to, body.filelist, {
        replace: body.replace,
      });
      return reportMoves(res, folder, from, to, body.filelist, result);
    }),
  );
  router.post(
    MEDIA_API.mediaFiles,
    route(async (req, res) => {
      const body = parseOr400(mediaFilesRequestSchema, req.body);
      const folder = company(res, checkName('folder', body.directoryname));
      const tag = { kind: 'tag', tag: checkName('tag', body.tag) } as const;
      const pending = { kind: 'pending' } as const;
      const result = await store.moveFiles(folder, pending, tag, body.files, {
        replace: body.replace,
      });
      return reportMoves(res, folder, pending, tag, body.files, result);
    }),
  );

  router.post(
    MEDIA_API.tag,
    route(async (req, res): Promise<MediaResult> => {
      const { companyname, tagname } = parseOr400(tagRequestSchema, req.body);
      const folder = company(res, checkName('folder', companyname));
      requireMediaAdmin(res);
      const tag = { kind: 'tag', tag: checkName('tag', tagname) } as const;
      return { success: true, created: await store.createArea(folder, tag) };
    }),
  );
  router.delete(
    MEDIA_API.tag,
    route(async (req, res): Promise<MediaResult> => {
      const { company: name, tag } = parseOr400(tagQuerySchema, req.query);
      const folder = company(res, checkName('folder', name));
      requireMediaAdmin(res);
      const area = { kind: 'tag', tag: checkName('tag', tag) } as const;
      // The files go with the folder: each is reported as deleted.
      const files = (await store.list(folder, area)) ?? [];
      if (!(await store.removeTag(folder, area.tag)))
        throw new NotFoundError(
          MEDIA_SERVER_TEXT.folderMissing(`${folder}/${MEDIA_FOLDER.tags}/${tag}`),
        );
      await report(
        res,
        folder,
        files.map((f) => ({
          action: AUDIT_ACTION.mediaFileDelete,
          file: f.filename,
          from: areaName(area),
        })),
      );
      return { success: true };
    }),
  );

  router.post(
    MEDIA_API.setStoreType,
    route(async (req, res): Promise<MediaResult> => {
      const { storetype } = parseOr400(setStoreTypeRequestSchema, req.body);
      const folder = company(res, checkName('folder', storetype));
      await store.requireArea(folder, { kind: 'pending' });
      targets.set(callerOf(res).token, folder);
      return { success: true };
    }),
  );

  /** What the upload's checks found before its body is read; storing marks the final renames. */
  type Upload = UploadTarget & { storing: boolean };
  const uploadOf = (res: Response) => res.locals.upload as Upload;
  // The folder is known and checked before the body is read, so a refused caller uploads nothing.
  router.post(
    MEDIA_API.mediaImage,
    step(async (req, res) => {
      timeUpload(res);
      const query = parseOr400(mediaImageQuerySchema, req.query);
      const folder = query.dir ?? targets.get(callerOf(res).token);
      if (!folder) throw new ValidationFailedError(MEDIA_SERVER_TEXT.noTargetFolder);
      company(res, checkName('folder', folder));
      await store.requireArea(folder, { kind: 'pending' });
      const reservation = await slots.reserve(
        folder,
        () => store.countFiles(folder),
        (fresh) =>
          options.limits.fileLimit(callerOf(res).token, companyIdOfFolder(folder), { fresh }),
      );
      const upload: Upload = {
        folder,
        replace: query.replace ?? false,
        fit: {
          maxWidth: Math.min(query.width ?? fit.maxWidth, fit.maxWidth),
          maxHeight: Math.min(query.height ?? fit.maxHeight, fit.maxHeight),
        },
        reservation,
        storing: false,
      };
      res.locals.upload = upload;

      // Whenever the answer ends or the client goes (also if it went while this upload waited
      // for its slot), the slot is freed; during the renames the route below frees it after them.
      onFinished(res, () => {
        if (!upload.storing) reservation.release();
      });
    }),
    receiveUpload(mediaRoot, storage, (req) => uploadOf(req.res!)),
    route(async (req, res) => {
      const upload = uploadOf(res);
      try {
        if (!req.file) throw new ValidationFailedError(MEDIA_SERVER_TEXT.noFile);
        upload.storing = true;
        const staged = req.file as unknown as StagedUpload;
        const { answer, replaced, unchanged } = await storeUpload(
          storage,
          upload.folder,
          req.file.originalname,
          staged,
          upload.replace,
        );
        // The same upload sent again: nothing changed, so nothing new for the audit trail.
        if (unchanged) return answer;
        await report(res, upload.folder, [
          {
            action: replaced ? AUDIT_ACTION.mediaFileReplace : AUDIT_ACTION.mediaFileUpload,
            file: answer.filename,
            ...(replaced ? { from: areaName({ kind: 'pending' }) } : {}),
            to: areaName({ kind: 'pending' }),
            size: staged.size,
            type: staged.kind,
          },
        ]);
        return answer;
      } finally {
        upload.reservation.release();
      }
    }),
  );

  // Files: /companies/{folder}/pending/{file}, /tags/{tag}/{file}, /expired/{file}; ?thumbnail=true for the preview.
  const sendMedia = (area: (req: Request) => MediaArea) =>
    route(async (req, res) => {
      const folder = company(res, checkName('folder', String(req.params.folder)));
      const file = String(req.params.file);
      const which = area(req);
      const target =
        req.query.thumbnail === 'true'
          ? thumbnailKey(folder, which, file)
          : mediaFileKey(folder, which, file);
      // Fetched with the caller's token: a browser may keep it, a shared cache never.
      res.setHeader('Cache-Control', CACHE_CONTROL.privateMedia);
      if (!(await storage.send(req, res, target))) throw new NotFoundError(`No file ${file}`);
      return undefined;
    });
  router.get(
    `${MEDIA_API.companies}/:folder/${MEDIA_FOLDER.pending}/:file`,
    sendMedia(() => ({ kind: 'pending' })),
  );
  router.get(
    `${MEDIA_API.companies}/:folder/${MEDIA_FOLDER.expired}/:file`,
    sendMedia(() => ({ kind: 'expired' })),
  );
  router.get(
    `${MEDIA_API.companies}/:folder/${MEDIA_FOLDER.tags}/:tag/:file`,
    sendMedia((req) => ({ kind: 'tag', tag: checkName('tag', String(req.params.tag)) })),
  );
  return router;
}
