import { Body, Controller, Delete, Get, Patch, Post, Query, UseGuards } from '@nestjs/common';
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
  type User,
  type UserType,
  userIdQuerySchema,
  ADMIN_API,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { AdminGuard } from './admin.guard';
import { UsersService } from './users.service';

/** /admin/* of spec §7, for administrators only (the password change is in ProfileController). */
@Controller()
@UseGuards(AdminGuard)
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
  list(@CurrentUser() caller: AuthenticatedUser): Promise<User[]> {
    return this.users.listUsers(caller);
  }

  @Post(ADMIN_API.createUser)
  create(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createUserRequestSchema))
    body: z.output<typeof createUserRequestSchema>,
  ): Promise<User> {
    return this.users.createUser(caller, body);
  }

  @Patch(ADMIN_API.saveUserChanges)
  save(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(saveUserChangesRequestSchema)) body: SaveUserChangesRequest,
  ): Promise<User> {
    return this.users.saveUserChanges(caller, body);
  }

  @Patch(ADMIN_API.setPassword)
  setPassword(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(setPasswordRequestSchema)) body: SetPasswordRequest,
  ): Promise<Success> {
    return this.users.setPassword(caller, body);
  }

  @Get(ADMIN_API.userSiteCredentials)
  siteCredentials(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(userIdQuerySchema)) query: z.output<typeof userIdQuerySchema>,
  ): Promise<SiteCredentialSummary[]> {
    return this.users.listSiteCredentials(caller, query.userId);
  }

  @Patch(ADMIN_API.saveUserSiteCredentials)
  saveSiteCredentials(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(saveUserSiteCredentialsRequestSchema))
    body: z.output<typeof saveUserSiteCredentialsRequestSchema>,
  ): Promise<SiteCredentialSummary> {
    return this.users.saveSiteCredentials(caller, body);
  }

  @Delete(ADMIN_API.deleteUser)
  delete(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(userIdQuerySchema)) query: z.output<typeof userIdQuerySchema>,
  ): Promise<Success> {
    return this.users.deleteUser(caller, query.userId);
  }
}
