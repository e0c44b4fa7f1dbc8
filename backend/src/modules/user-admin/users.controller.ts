import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import {
  canDeleteUsers,
  type Application,
  createUserRequestSchema,
  type SaveUserChangesRequest,
  saveUserChangesRequestSchema,
  saveUserSiteCredentialsRequestSchema,
  type SetPasswordRequest,
  setPasswordRequestSchema,
  type SiteCredentialSummary,
  type Success,
  toUserView,
  type UserType,
  type UserView,
  userIdQuerySchema,
  ADMIN_API,
  userTypeListSchema,
  applicationListSchema,
  userListSchema,
  userViewSchema,
  successSchema,
  siteCredentialSummaryListSchema,
  siteCredentialSummarySchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireSomeCompany } from '../../common/auth/require-access';
import { RequireEntry, RequireUserType } from '../../common/auth/require-entry';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { UsersService } from './users.service';
import { ApiDoc, ok, created } from '../../common/openapi/api-doc.decorator';

/**
 * /admin/* of spec §7, for administrators only (the password change is in ProfileController).
 * Users go out in the spec's data model fields (toUserView: _id, name).
 */
@Controller()
@RequireEntry('users', 'Only administrators may manage users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ApiDoc({
    tag: 'users',
    summary: 'The user types',
    answers: ok(userTypeListSchema, 'The user types'),
    errors: [403],
  })
  @Get(ADMIN_API.userTypes)
  userTypes(): Promise<UserType[]> {
    return this.users.listUserTypes();
  }

  @ApiDoc({
    tag: 'users',
    summary: 'The applications a user may be given',
    answers: ok(applicationListSchema, 'The applications'),
    errors: [403],
  })
  @Get(ADMIN_API.apps)
  apps(): Promise<Application[]> {
    return this.users.listApps();
  }

  @ApiDoc({
    tag: 'users',
    summary: 'The users the caller may see',
    answers: ok(userListSchema, 'The users'),
    errors: [403],
  })
  @Get(ADMIN_API.users)
  async list(@CurrentUser() caller: AuthenticatedUser): Promise<UserView[]> {
    return (await this.users.listUsers(caller)).map(toUserView);
  }

  @RequireSomeCompany('You have no company to give a new user')
  @ApiDoc({
    tag: 'users',
    summary: 'Create a user',
    answers: created(userViewSchema, 'The new user'),
    errors: [403, 409],
  })
  @Post(ADMIN_API.createUser)
  async create(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(createUserRequestSchema)
    body: z.output<typeof createUserRequestSchema>,
  ): Promise<UserView> {
    return toUserView(await this.users.createUser(caller, body));
  }

  @ApiDoc({
    tag: 'users',
    summary: "Change a user's type, access, applications or state",
    answers: ok(userViewSchema, 'The changed user'),
    errors: [403, 404, 409],
  })
  @Patch(ADMIN_API.saveUserChanges)
  async save(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(saveUserChangesRequestSchema) body: SaveUserChangesRequest,
  ): Promise<UserView> {
    return toUserView(await this.users.saveUserChanges(caller, body));
  }

  @ApiDoc({
    tag: 'users',
    summary: "Set another user's password",
    answers: ok(successSchema),
    errors: [403, 404],
  })
  @Patch(ADMIN_API.setPassword)
  setPassword(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(setPasswordRequestSchema) body: SetPasswordRequest,
  ): Promise<Success> {
    return this.users.setPassword(caller, body);
  }

  @ApiDoc({
    tag: 'users',
    summary: "A user's site credentials, without passwords",
    answers: ok(siteCredentialSummaryListSchema, 'The credentials'),
    errors: [403, 404],
  })
  @Get(ADMIN_API.userSiteCredentials)
  siteCredentials(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidQuery(userIdQuerySchema) query: z.output<typeof userIdQuerySchema>,
  ): Promise<SiteCredentialSummary[]> {
    return this.users.listSiteCredentials(caller, query.userId);
  }

  @ApiDoc({
    tag: 'users',
    summary: "Save a user's site credentials for a store",
    answers: ok(siteCredentialSummarySchema, 'The saved credentials, without password'),
    errors: [403, 404],
  })
  @Patch(ADMIN_API.saveUserSiteCredentials)
  saveSiteCredentials(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(saveUserSiteCredentialsRequestSchema)
    body: z.output<typeof saveUserSiteCredentialsRequestSchema>,
  ): Promise<SiteCredentialSummary> {
    return this.users.saveSiteCredentials(caller, body);
  }

  @RequireUserType(canDeleteUsers, 'You may not delete users')
  @ApiDoc({
    tag: 'users',
    summary: 'Delete a user',
    answers: ok(successSchema),
    errors: [403, 404],
  })
  @Delete(ADMIN_API.deleteUser)
  delete(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidQuery(userIdQuerySchema) query: z.output<typeof userIdQuerySchema>,
  ): Promise<Success> {
    return this.users.deleteUser(caller, query.userId);
  }
}
