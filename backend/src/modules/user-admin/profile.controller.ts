import { Controller, Patch } from '@nestjs/common';
import {
  type ChangePasswordRequest,
  changePasswordRequestSchema,
  type Success,
  ADMIN_API,
  successSchema,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { UsersService } from './users.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** The one /admin call open to every signed-in user: changing one's own password. */
@Controller()
export class ProfileController {
  constructor(private readonly users: UsersService) {}

  @ApiDoc({
    tag: 'users',
    summary: "Change the caller's own password",
    answers: ok(successSchema),
    errors: [403],
  })
  @Patch(ADMIN_API.changePassword)
  changePassword(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(changePasswordRequestSchema) body: ChangePasswordRequest,
  ): Promise<Success> {
    return this.users.changePassword(caller, body);
  }
}
