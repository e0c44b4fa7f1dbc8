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
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { AdminGuard } from './admin.guard';
import { UsersService } from './users.service';

/** /admin/* of spec §7, for administrators only (the password change is in ProfileController). */
@Controller('admin')
@UseGuards(AdminGuard)
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('usertypes')
  userTypes(): Promise<UserType[]> {
    return this.users.listUserTypes();
  }

  @Get('apps')
  apps(): Promise<Application[]> {
    return this.users.listApps();
  }

  @Get('users')
  list(@CurrentUser() caller: AuthenticatedUser): Promise<User[]> {
    return this.users.listUsers(caller);
  }

  @Post('createuser')
  create(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createUserRequestSchema))
    body: z.output<typeof createUserRequestSchema>,
  ): Promise<User> {
    return this.users.createUser(caller, body);
  }

  @Patch('saveuserchanges')
  save(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(saveUserChangesRequestSchema)) body: SaveUserChangesRequest,
  ): Promise<User> {
    return this.users.saveUserChanges(caller, body);
  }

  @Patch('setpassword')
  setPassword(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(setPasswordRequestSchema)) body: SetPasswordRequest,
  ): Promise<Success> {
    return this.users.setPassword(caller, body);
  }

  @Get('usersitecredentials')
  siteCredentials(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(userIdQuerySchema)) query: z.output<typeof userIdQuerySchema>,
  ): Promise<SiteCredentialSummary[]> {
    return this.users.listSiteCredentials(caller, query.userId);
  }

  @Patch('saveusersitecredentials')
  saveSiteCredentials(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(saveUserSiteCredentialsRequestSchema))
    body: z.output<typeof saveUserSiteCredentialsRequestSchema>,
  ): Promise<SiteCredentialSummary> {
    return this.users.saveSiteCredentials(caller, body);
  }

  @Delete('deleteuser')
  delete(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(userIdQuerySchema)) query: z.output<typeof userIdQuerySchema>,
  ): Promise<Success> {
    return this.users.deleteUser(caller, query.userId);
  }
}
