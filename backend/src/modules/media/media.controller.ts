import { Controller, Delete, Get, Headers, HttpCode, Post, Put } from '@nestjs/common';
import {
  addMediaFoldersRequestSchema,
  canAdministerMedia,
  addScheduleRequestSchema,
  addTagFolderRequestSchema,
  MEDIA_SERVER_PARAMS,
  MEDIA_SERVER_TEXT,
  type MediaCompany,
  type MediaServerParam,
  removeTagFolderRequestSchema,
  saveTagChangesRequestSchema,
  type Schedule,
  scheduleIdQuerySchema,
  schedulesQuerySchema,
  STORE_SECRET_HEADER,
  storeMediaQuerySchema,
  type StoreMedia,
  updateMediaFileLimitRequestSchema,
  updateScheduleRequestSchema,
  updateTagLimitRequestSchema,
  MEDIA_PORTAL_API,
  mediaServerParamsSchema,
  storeMediaSchema,
  mediaCompanyListSchema,
  scheduleSchema,
  scheduleListSchema,
  successSchema,
  mediaCompanySchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { Public } from '../../common/auth/public.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry, RequireUserType } from '../../common/auth/require-entry';
import { UnauthenticatedError } from '@store-cloud/node-kit';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { ConfigService } from '../../config/config.service';
import { isTentacleSecretValid } from '../tentacles';
import { MediaCompanies } from './media-companies';
import { MediaFoldersService } from './media-folders.service';
import { MediaLimitsService } from './media-limits.service';
import { MediaSchedulesService } from './media-schedules.service';
import { MediaTagsService } from './media-tags.service';
import { StoreMediaService } from './store-media.service';
import { ApiDoc, type ApiDocOptions, ok } from '../../common/openapi/api-doc.decorator';

/** Folders and limits are for ADMIN and SUPER-ADMIN, within the media screen. */
const MediaAdminOnly = () =>
  RequireUserType(
    canAdministerMedia,
    'Only ADMIN and SUPER-ADMIN users may administer central media',
  );

/** The folder and limit changes: each answers the company as it is now. */
const companyChange = (summary: string): ApiDocOptions => ({
  tag: 'media',
  summary,
  answers: ok(mediaCompanySchema, 'The company as it is now'),
  // 507: the media server's disk is full (its message passed on).
  errors: [403, 404, 409, 502, 503, 507],
});

type Out<S extends z.ZodType> = z.output<S>;

// Paths from MEDIA_PORTAL_API (contracts), relative to each controller's prefix.
@Controller()
export class PortalMediaController {
  constructor(
    private readonly stores: StoreMediaService,
    private readonly config: ConfigService,
  ) {}

  @RequireEntry('media', MEDIA_SERVER_TEXT.noMediaPermission)
  @ApiDoc({
    tag: 'media',
    summary: "The central media server's parameters",
    answers: ok(mediaServerParamsSchema, 'The parameters'),
    errors: [403],
  })
  @Get(MEDIA_PORTAL_API.serverParams)
  params(): MediaServerParam[] {
    return MEDIA_SERVER_PARAMS;
  }

  /** A store, with its tentacle secret, lists the active media of its tags. */
  @Public()
  @ApiDoc({
    tag: 'media',
    summary: 'The active media of a store (asked by the store)',
    security: ['storeSecret'],
    answers: ok(storeMediaSchema, 'The tags and files'),
    // A store whose company has no media folder yet.
    errors: [404],
  })
  @Get(MEDIA_PORTAL_API.storeMedia)
  storeMedia(
    @ValidQuery(storeMediaQuerySchema) q: Out<typeof storeMediaQuerySchema>,
    @Headers(STORE_SECRET_HEADER) secret: string | undefined,
  ): Promise<StoreMedia> {
    if (!secret || !isTentacleSecretValid(this.config.get('tentacleSecret'), q.c, q.s, secret))
      throw new UnauthenticatedError('A valid store secret is required');
    return this.stores.storeMedia(q.c, q.s);
  }
}

@Controller()
@RequireEntry('media', MEDIA_SERVER_TEXT.noMediaPermission)
export class PortalConfigMediaController {
  constructor(
    private readonly mediaCompanies: MediaCompanies,
    private readonly folders: MediaFoldersService,
    private readonly tags: MediaTagsService,
    private readonly limits: MediaLimitsService,
    private readonly mediaSchedules: MediaSchedulesService,
  ) {}

  @ApiDoc({
    tag: 'media',
    summary: 'Companies with media folders, their tags and limits',
    answers: ok(mediaCompanyListSchema, 'The companies'),
    errors: [403],
  })
  @Get(MEDIA_PORTAL_API.mediaCompanies)
  companies(@CurrentUser() user: AuthenticatedUser): Promise<MediaCompany[]> {
    return this.mediaCompanies.list(user);
  }

  @MediaAdminOnly()
  @RequireAccess('body', addMediaFoldersRequestSchema, { company: (b) => b.companyId })
  @ApiDoc(companyChange("Create a company's media folder on the media server and record it"))
  @Post(MEDIA_PORTAL_API.addMediaFolders)
  @HttpCode(200)
  addMediaFolders(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(addMediaFoldersRequestSchema) b: Out<typeof addMediaFoldersRequestSchema>,
  ) {
    return this.folders.addMediaFolders(user, b);
  }

  @MediaAdminOnly()
  @RequireAccess('body', addTagFolderRequestSchema, { company: (b) => b.companyId })
  @ApiDoc(companyChange('Create a tag folder on the media server and record it'))
  @Post(MEDIA_PORTAL_API.addTagFolder)
  @HttpCode(200)
  addTagFolder(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(addTagFolderRequestSchema) b: Out<typeof addTagFolderRequestSchema>,
  ) {
    return this.folders.addTagFolder(user, b);
  }

  @MediaAdminOnly()
  @RequireAccess('body', removeTagFolderRequestSchema, { company: (b) => b.companyId })
  @ApiDoc(companyChange('Remove a tag folder from the media server, the company and its stores'))
  @Put(MEDIA_PORTAL_API.removeTagFolder)
  removeTagFolder(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(removeTagFolderRequestSchema) b: Out<typeof removeTagFolderRequestSchema>,
  ) {
    return this.folders.removeTagFolder(user, b);
  }

  @RequireAccess('body', saveTagChangesRequestSchema, { company: (b) => b.companyId })
  @ApiDoc(companyChange("Save a company's tags"))
  @Put(MEDIA_PORTAL_API.saveTagChanges)
  saveTagChanges(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(saveTagChangesRequestSchema) b: Out<typeof saveTagChangesRequestSchema>,
  ) {
    return this.tags.saveTagChanges(user, b);
  }

  @MediaAdminOnly()
  @RequireAccess('body', updateMediaFileLimitRequestSchema, { company: (b) => b.companyId })
  @ApiDoc(companyChange("Set a company's media file limit"))
  @Put(MEDIA_PORTAL_API.updateMediaFileLimit)
  updateMediaFileLimit(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(updateMediaFileLimitRequestSchema) b: Out<typeof updateMediaFileLimitRequestSchema>,
  ) {
    return this.limits.updateLimit(user, 'mediaFileLimit', b);
  }

  @MediaAdminOnly()
  @RequireAccess('body', updateTagLimitRequestSchema, { company: (b) => b.companyId })
  @ApiDoc(companyChange("Set a company's tag limit"))
  @Put(MEDIA_PORTAL_API.updateTagLimit)
  updateTagLimit(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(updateTagLimitRequestSchema) b: Out<typeof updateTagLimitRequestSchema>,
  ) {
    return this.limits.updateLimit(user, 'tagLimit', b);
  }

  @RequireAccess('body', addScheduleRequestSchema, { company: (b) => b.schedule.companyId })
  @ApiDoc({
    tag: 'media',
    summary: 'Schedule media for tags',
    answers: ok(scheduleSchema, 'The schedule'),
    errors: [403, 409],
  })
  @Post(MEDIA_PORTAL_API.addSchedule)
  @HttpCode(200)
  addSchedule(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(addScheduleRequestSchema) b: Out<typeof addScheduleRequestSchema>,
  ): Promise<Schedule> {
    return this.mediaSchedules.add(user, b.schedule);
  }

  @RequireAccess('body', updateScheduleRequestSchema, { company: (b) => b.schedule.companyId })
  @ApiDoc({
    tag: 'media',
    summary: 'Change a schedule',
    answers: ok(scheduleSchema, 'The schedule'),
    errors: [403, 404, 409],
  })
  @Put(MEDIA_PORTAL_API.updateSchedule)
  updateSchedule(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(updateScheduleRequestSchema) b: Out<typeof updateScheduleRequestSchema>,
  ): Promise<Schedule> {
    return this.mediaSchedules.update(user, b.schedule);
  }

  /** The schedules and the delete below name no company: the service checks the one they belong to. */
  @ApiDoc({
    tag: 'media',
    summary: "A company's schedules",
    answers: ok(scheduleListSchema, 'The schedules'),
    errors: [403, 404],
  })
  @Get(MEDIA_PORTAL_API.schedules)
  schedules(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(schedulesQuerySchema) q: Out<typeof schedulesQuerySchema>,
  ): Promise<Schedule[]> {
    return this.mediaSchedules.list(user, q);
  }

  @ApiDoc({
    tag: 'media',
    summary: 'Delete a schedule',
    answers: ok(successSchema),
    errors: [403, 404],
  })
  @Delete(MEDIA_PORTAL_API.schedule)
  deleteSchedule(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(scheduleIdQuerySchema) q: Out<typeof scheduleIdQuerySchema>,
  ) {
    return this.mediaSchedules.delete(user, q.id);
  }
}
