import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  MFA_API,
  type MfaStatus,
  type TotpConfirmResult,
  totpConfirmRequestSchema,
  totpDisableRequestSchema,
  type TotpStartResult,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { AllowDuringMfaEnrolment } from '../../common/auth/mfa-enrolment.guard';
import { ValidBody } from '../../common/pipes/valid-params';
import { MfaService } from './mfa.service';

/** The profile page's Two-step sign-in: any signed-in user, for its own account only. */
@Controller()
export class MfaController {
  constructor(private readonly mfa: MfaService) {}

  @AllowDuringMfaEnrolment()
  @Get(MFA_API.status)
  status(@CurrentUser() user: AuthenticatedUser): Promise<MfaStatus> {
    return this.mfa.status(user);
  }

  @AllowDuringMfaEnrolment()
  @Post(MFA_API.totpStart)
  @HttpCode(200)
  start(@CurrentUser() user: AuthenticatedUser): Promise<TotpStartResult> {
    return this.mfa.startTotp(user);
  }

  @AllowDuringMfaEnrolment()
  @Post(MFA_API.totpConfirm)
  @HttpCode(200)
  confirm(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(totpConfirmRequestSchema) body: z.output<typeof totpConfirmRequestSchema>,
  ): Promise<TotpConfirmResult> {
    return this.mfa.confirmTotp(user, body.code);
  }

  @Post(MFA_API.totpDisable)
  @HttpCode(200)
  disable(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(totpDisableRequestSchema) body: z.output<typeof totpDisableRequestSchema>,
  ): Promise<MfaStatus> {
    return this.mfa.disableTotp(user, body.code);
  }
}
