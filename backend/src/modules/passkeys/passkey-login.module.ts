import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { UsersModule } from '../users';
import { PasskeyLoginController } from './passkey-login.controller';
import { PasskeyLoginService } from './passkey-login.service';
import { PasskeysModule } from './passkeys.module';

/** Signing in with a passkey: on top of the passkeys and of login (AuthService.completeLogin). */
@Module({
  imports: [PasskeysModule, AuthModule, UsersModule],
  controllers: [PasskeyLoginController],
  providers: [PasskeyLoginService],
})
export class PasskeyLoginModule {}
