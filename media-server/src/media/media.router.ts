import {
  deleteFilesRequestSchema,
  directoryRequestSchema,
  ERROR_CODE,
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
import { HttpError, parseOr400 } from '@store-cloud/node-kit';
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
  checkName,
  companyIdOfFolder,
  type MediaArea,
  MediaPathError,
  mediaFilePath,
  parseArea,
  parseDirectoryName,
  thumbnailPath,
} from '../folders/media-paths';
import { MediaStore } from './media-store';
import {
  type FitOptions,
  receiveUpload,
  type StagedUpload,
  storeUpload,
  type UploadTarget,
} from './upload';
import { UploadSlots } from './upload-slots';

export interface MediaRouterOptions {
  mediaRoot: string;
  verifier: TokenVerifier;
  /** Each company's media file limit, checked before an upload is received. */
  limits: MediaLimits;
  /** The largest image the server keeps; ?width= and ?height= may only ask for less. */
  fit: FitOptions;
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
  const { mediaRoot, fit } = options;
  const store = new MediaStore(mediaRoot);
  /** The upload folder chosen by POST /setstoretype, per token. */
  const targets = new TokenMap<string>(1000);
  const slots = new UploadSlots();
  const router = Router();
  // Only the media paths: others stay public (/version, /health) or answer 404.
  const protectedPaths = Object.values(MEDIA_API).filter((p) => p !== MEDIA_API.version);
  router.use(protectedPaths, authenticate(options.verifier), express.json({ limit: '256kb' }));

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
      await store.createCompany(folder);
      return { success: true };
    }),
  );

  router.post(
    MEDIA_API.deleteFiles,
    route(async (req, res) => {
      const { directoryname, filelist } = parseOr400(deleteFilesRequestSchema, req.body);
      const { folder, area } = parseDirectoryName(directoryname);
      return store.deleteFiles(company(res, folder), requireArea(area), filelist);
    }),
  );
  router.post(
    MEDIA_API.moveMediaFiles,
    route(async (req, res) => {
      const body = parseOr400(moveMediaFilesRequestSchema, req.body);
      const folder = company(res, checkName('folder', body.directoryname));
      const from = parseArea(body.sourceFolder);
      const to = parseArea(body.destinationFolder);
      return store.moveFiles(folder, from, to, body.filelist, { replace: body.replace });
    }),
  );
  router.post(
    MEDIA_API.mediaFiles,
    route(async (req, res) => {
      const body = parseOr400(mediaFilesRequestSchema, req.body);
      const folder = company(res, checkName('folder', body.directoryname));
      const tag = { kind: 'tag', tag: checkName('tag', body.tag) } as const;
      return store.moveFiles(folder, { kind: 'pending' }, tag, body.files, {
        replace: body.replace,
      });
    }),
  );

  router.post(
    MEDIA_API.tag,
    route(async (req, res): Promise<MediaResult> => {
      const { companyname, tagname } = parseOr400(tagRequestSchema, req.body);
      const folder = company(res, checkName('folder', companyname));
      requireMediaAdmin(res);
      await store.createArea(folder, { kind: 'tag', tag: checkName('tag', tagname) });
      return { success: true };
    }),
  );
  router.delete(
    MEDIA_API.tag,
    route(async (req, res): Promise<MediaResult> => {
      const { company: name, tag } = parseOr400(tagQuerySchema, req.query);
      const folder = company(res, checkName('folder', name));
      requireMediaAdmin(res);
      if (!(await store.removeTag(folder, checkName('tag', tag))))
        throw new HttpError(
          404,
          ERROR_CODE.notFound,
          MEDIA_SERVER_TEXT.folderMissing(`${folder}/${MEDIA_FOLDER.tags}/${tag}`),
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
      const query = parseOr400(mediaImageQuerySchema, req.query);
      const folder = query.dir ?? targets.get(callerOf(res).token);
      if (!folder)
        throw new HttpError(400, ERROR_CODE.validation, MEDIA_SERVER_TEXT.noTargetFolder);
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
    receiveUpload(mediaRoot, (req) => uploadOf(req.res!)),
    route(async (req, res) => {
      const upload = uploadOf(res);
      try {
        if (!req.file) throw new HttpError(400, ERROR_CODE.validation, MEDIA_SERVER_TEXT.noFile);
        upload.storing = true;
        return await storeUpload(
          mediaRoot,
          upload.folder,
          req.file.originalname,
          req.file as unknown as StagedUpload,
          upload.replace,
        );
      } finally {
        upload.reservation.release();
      }
    }),
  );

  // Files: /companies/{folder}/pending/{file}, /tags/{tag}/{file}, /expired/{file}; ?thumbnail=true for the preview.
  const sendMedia = (area: (req: Request) => MediaArea) =>
    route((req, res) => {
      const folder = company(res, checkName('folder', String(req.params.folder)));
      const file = String(req.params.file);
      const which = area(req);
      const target =
        req.query.thumbnail === 'true'
          ? thumbnailPath(mediaRoot, folder, which, file)
          : mediaFilePath(mediaRoot, folder, which, file);
      return new Promise<undefined>((resolve, reject) =>
        res.sendFile(target, { dotfiles: 'allow', maxAge: 0 }, (error) => {
          if (!error) return resolve(undefined);
          if ((error as NodeJS.ErrnoException).code === 'ENOENT' || res.statusCode === 404)
            return reject(new HttpError(404, ERROR_CODE.notFound, `No file ${file}`));
          reject(error);
        }),
      );
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
