import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  MFA_API,
  type MfaStatus,
  type TotpConfirmResult,
  totpConfirmRequestSchema,
  totpDisableRequestSchema,
  type TotpStartResult,
  mfaStatusSchema,
  totpStartResultSchema,
  totpConfirmResultSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { AllowDuringMfaEnrolment } from '../../common/auth/mfa-enrolment.guard';
import { ValidBody } from '../../common/pipes/valid-params';
import { MfaService } from './mfa.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** The profile page's Two-step sign-in: any signed-in user, for its own account only. */
@Controller()
export class MfaController {
  constructor(private readonly mfa: MfaService) {}

  @AllowDuringMfaEnrolment()
  @ApiDoc({
    tag: 'auth',
    summary: "The caller's own second factors",
    answers: ok(mfaStatusSchema, 'The methods and the recovery codes left'),
  })
  @Get(MFA_API.status)
  status(@CurrentUser() user: AuthenticatedUser): Promise<MfaStatus> {
    return this.mfa.status(user);
  }

  @AllowDuringMfaEnrolment()
  @ApiDoc({
    tag: 'auth',
    summary: 'Start setting up an authenticator app: a new secret and its QR code',
    answers: ok(totpStartResultSchema, 'The secret, its otpauth URL and QR code'),
    errors: [409],
  })
  @Post(MFA_API.totpStart)
  @HttpCode(200)
  start(@CurrentUser() user: AuthenticatedUser): Promise<TotpStartResult> {
    return this.mfa.startTotp(user);
  }

  @AllowDuringMfaEnrolment()
  @ApiDoc({
    tag: 'auth',
    summary: 'Confirm the authenticator app with its first code; answers the recovery codes once',
    answers: ok(totpConfirmResultSchema, 'The recovery codes, shown only now'),
    // 400 also for a wrong code: the caller is signed in, and a 401 would sign it out.
    errors: [409],
  })
  @Post(MFA_API.totpConfirm)
  @HttpCode(200)
  confirm(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(totpConfirmRequestSchema) body: z.output<typeof totpConfirmRequestSchema>,
  ): Promise<TotpConfirmResult> {
    return this.mfa.confirmTotp(user, body.code);
  }

  @ApiDoc({
    tag: 'auth',
    summary: 'Turn the authenticator app off with one of its codes or a recovery code',
    answers: ok(mfaStatusSchema, 'The second factors left'),
    errors: [403, 409],
  })
  @Post(MFA_API.totpDisable)
  @HttpCode(200)
  disable(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(totpDisableRequestSchema) body: z.output<typeof totpDisableRequestSchema>,
  ): Promise<MfaStatus> {
    return this.mfa.disableTotp(user, body.code);
  }
}
