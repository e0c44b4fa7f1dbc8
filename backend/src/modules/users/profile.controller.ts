import { Controller, Patch } from '@nestjs/common';
import {
  type ChangePasswordRequest,
  changePasswordRequestSchema,
  type Success,
  ADMIN_API,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { UsersService } from './users.service';

/** The one /admin call open to every signed-in user: changing one's own password. */
@Controller()
export class ProfileController {
  constructor(private readonly users: UsersService) {}

  @Patch(ADMIN_API.changePassword)
  changePassword(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(changePasswordRequestSchema) body: ChangePasswordRequest,
  ): Promise<Success> {
    return this.users.changePassword(caller, body);
  }
}
