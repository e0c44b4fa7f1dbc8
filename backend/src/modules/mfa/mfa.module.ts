import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { PasskeysModule } from '../passkeys';
import { SiteCredentialsModule } from '../site-credentials';
import { UserAdminModule } from '../user-admin';
import { UsersModule } from '../users';
import { MfaAdminController } from './mfa-admin.controller';
import { MfaLoginController } from './mfa-login.controller';
import { MfaController } from './mfa.controller';
import { MfaService } from './mfa.service';
import { CodeClaims } from './code-claims';
import { RecoveryCodes } from './recovery-codes';
import { TotpAuthenticator } from './totp-authenticator';

/** TOTP second factor, recovery codes, the login's second step and the admin reset (issue 27). */
@Module({
  imports: [AuthModule, UsersModule, UserAdminModule, SiteCredentialsModule, PasskeysModule],
  controllers: [MfaLoginController, MfaController, MfaAdminController],
  providers: [MfaService, TotpAuthenticator, RecoveryCodes, CodeClaims],
})
export class MfaModule {}
