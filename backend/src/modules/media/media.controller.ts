import { Controller, Delete, Get, Headers, HttpCode, Post, Put } from '@nestjs/common';
import {
  addMediaFoldersRequestSchema,
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
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { Public } from '../../common/auth/public.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { UnauthenticatedError } from '@store-cloud/node-kit';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { ConfigService } from '../../config/config.service';
import { isTentacleSecretValid } from '../tentacles/tentacle-secret';
import { MediaService } from './media.service';

type Out<S extends z.ZodType> = z.output<S>;

// Paths from MEDIA_PORTAL_API (contracts), relative to each controller's prefix.
@Controller()
export class PortalMediaController {
  constructor(
    private readonly media: MediaService,
    private readonly config: ConfigService,
  ) {}

  @RequireEntry('media', MEDIA_SERVER_TEXT.noMediaPermission)
  @Get(MEDIA_PORTAL_API.serverParams)
  params(): MediaServerParam[] {
    return MEDIA_SERVER_PARAMS;
  }

  /** A store, with its tentacle secret, lists the active media of its tags. */
  @Public()
  @Get(MEDIA_PORTAL_API.storeMedia)
  storeMedia(
    @ValidQuery(storeMediaQuerySchema) q: Out<typeof storeMediaQuerySchema>,
    @Headers(STORE_SECRET_HEADER) secret: string | undefined,
  ): Promise<StoreMedia> {
    if (!secret || !isTentacleSecretValid(this.config.get('tentacleSecret'), q.c, q.s, secret))
      throw new UnauthenticatedError('A valid store secret is required');
    return this.media.storeMedia(q.c, q.s);
  }
}

@Controller()
@RequireEntry('media', MEDIA_SERVER_TEXT.noMediaPermission)
export class PortalConfigMediaController {
  constructor(private readonly media: MediaService) {}

  @Get(MEDIA_PORTAL_API.mediaCompanies)
  companies(@CurrentUser() user: AuthenticatedUser): Promise<MediaCompany[]> {
    return this.media.mediaCompanies(user);
  }

  @RequireAccess('body', addMediaFoldersRequestSchema, { company: (b) => b.companyId })
  @Post(MEDIA_PORTAL_API.addMediaFolders)
  @HttpCode(200)
  addMediaFolders(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(addMediaFoldersRequestSchema) b: Out<typeof addMediaFoldersRequestSchema>,
  ) {
    return this.media.addMediaFolders(user, b);
  }

  @RequireAccess('body', addTagFolderRequestSchema, { company: (b) => b.companyId })
  @Post(MEDIA_PORTAL_API.addTagFolder)
  @HttpCode(200)
  addTagFolder(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(addTagFolderRequestSchema) b: Out<typeof addTagFolderRequestSchema>,
  ) {
    return this.media.addTagFolder(user, b);
  }

  @RequireAccess('body', removeTagFolderRequestSchema, { company: (b) => b.companyId })
  @Put(MEDIA_PORTAL_API.removeTagFolder)
  removeTagFolder(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(removeTagFolderRequestSchema) b: Out<typeof removeTagFolderRequestSchema>,
  ) {
    return this.media.removeTagFolder(user, b);
  }

  @RequireAccess('body', saveTagChangesRequestSchema, { company: (b) => b.companyId })
  @Put(MEDIA_PORTAL_API.saveTagChanges)
  saveTagChanges(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(saveTagChangesRequestSchema) b: Out<typeof saveTagChangesRequestSchema>,
  ) {
    return this.media.saveTagChanges(user, b);
  }

  @RequireAccess('body', updateMediaFileLimitRequestSchema, { company: (b) => b.companyId })
  @Put(MEDIA_PORTAL_API.updateMediaFileLimit)
  updateMediaFileLimit(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(updateMediaFileLimitRequestSchema) b: Out<typeof updateMediaFileLimitRequestSchema>,
  ) {
    return this.media.updateLimit(user, 'mediaFileLimit', b);
  }

  @RequireAccess('body', updateTagLimitRequestSchema, { company: (b) => b.companyId })
  @Put(MEDIA_PORTAL_API.updateTagLimit)
  updateTagLimit(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(updateTagLimitRequestSchema) b: Out<typeof updateTagLimitRequestSchema>,
  ) {
    return this.media.updateLimit(user, 'tagLimit', b);
  }

  @RequireAccess('body', addScheduleRequestSchema, { company: (b) => b.schedule.companyId })
  @Post(MEDIA_PORTAL_API.addSchedule)
  @HttpCode(200)
  addSchedule(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(addScheduleRequestSchema) b: Out<typeof addScheduleRequestSchema>,
  ): Promise<Schedule> {
    return this.media.addSchedule(user, b.schedule);
  }

  @RequireAccess('body', updateScheduleRequestSchema, { company: (b) => b.schedule.companyId })
  @Put(MEDIA_PORTAL_API.updateSchedule)
  updateSchedule(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(updateScheduleRequestSchema) b: Out<typeof updateScheduleRequestSchema>,
  ): Promise<Schedule> {
    return this.media.updateSchedule(user, b.schedule);
  }

  /** The schedules and the delete below name no company: the service checks the one they belong to. */
  @Get(MEDIA_PORTAL_API.schedules)
  schedules(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(schedulesQuerySchema) q: Out<typeof schedulesQuerySchema>,
  ): Promise<Schedule[]> {
    return this.media.listSchedules(user, q);
  }

  @Delete(MEDIA_PORTAL_API.schedule)
  deleteSchedule(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(scheduleIdQuerySchema) q: Out<typeof scheduleIdQuerySchema>,
  ) {
    return this.media.deleteSchedule(user, q.id);
  }
}
