import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import {
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
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { UsersService } from './users.service';

/**
 * /admin/* of spec §7, for administrators only (the password change is in ProfileController).
 * Users go out in the spec's data model fields (toUserView: _id, name).
 */
@Controller()
@RequireEntry('users', 'Only administrators may manage users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get(ADMIN_API.userTypes)
  userTypes(): Promise<UserType[]> {
    return this.users.listUserTypes();
  }

  @Get(ADMIN_API.apps)
  apps(): Promise<Application[]> {
    return this.users.listApps();
  }

  @Get(ADMIN_API.users)
  async list(@CurrentUser() caller: AuthenticatedUser): Promise<UserView[]> {
    return (await this.users.listUsers(caller)).map(toUserView);
  }

  @Post(ADMIN_API.createUser)
  async create(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(createUserRequestSchema)
    body: z.output<typeof createUserRequestSchema>,
  ): Promise<UserView> {
    return toUserView(await this.users.createUser(caller, body));
  }

  @Patch(ADMIN_API.saveUserChanges)
  async save(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(saveUserChangesRequestSchema) body: SaveUserChangesRequest,
  ): Promise<UserView> {
    return toUserView(await this.users.saveUserChanges(caller, body));
  }

  @Patch(ADMIN_API.setPassword)
  setPassword(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(setPasswordRequestSchema) body: SetPasswordRequest,
  ): Promise<Success> {
    return this.users.setPassword(caller, body);
  }

  @Get(ADMIN_API.userSiteCredentials)
  siteCredentials(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidQuery(userIdQuerySchema) query: z.output<typeof userIdQuerySchema>,
  ): Promise<SiteCredentialSummary[]> {
    return this.users.listSiteCredentials(caller, query.userId);
  }

  @Patch(ADMIN_API.saveUserSiteCredentials)
  saveSiteCredentials(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(saveUserSiteCredentialsRequestSchema)
    body: z.output<typeof saveUserSiteCredentialsRequestSchema>,
  ): Promise<SiteCredentialSummary> {
    return this.users.saveSiteCredentials(caller, body);
  }

  @Delete(ADMIN_API.deleteUser)
  delete(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidQuery(userIdQuerySchema) query: z.output<typeof userIdQuerySchema>,
  ): Promise<Success> {
    return this.users.deleteUser(caller, query.userId);
  }
}
