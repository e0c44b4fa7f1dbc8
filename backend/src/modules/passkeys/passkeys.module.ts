import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users';
import { PasskeysController } from './passkeys.controller';
import { PasskeysRepository } from './passkeys.repository';
import { PasskeysService } from './passkeys.service';
import { PasskeyDoc, PasskeySchema } from './schemas/passkey.schema';
import { WebauthnChallengeDoc, WebauthnChallengeSchema } from './schemas/webauthn-challenge.schema';
import { WebauthnCeremonies } from './webauthn-ceremonies';
import { WebauthnChallengesRepository } from './webauthn-challenges.repository';

/**
 * Passkeys (issue 27 point 2): the credentials, the WebAuthn ceremonies and the profile's
 * routes. It needs no part of login, so the second factor's administration (a reset removes
 * a user's passkeys: PasskeysService.removeAllOf) may import it; signing in is
 * PasskeyLoginModule's.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PasskeyDoc.name, schema: PasskeySchema },
      { name: WebauthnChallengeDoc.name, schema: WebauthnChallengeSchema },
    ]),
    UsersModule,
  ],
  controllers: [PasskeysController],
  providers: [
    PasskeysRepository,
    WebauthnChallengesRepository,
    WebauthnCeremonies,
    PasskeysService,
  ],
  exports: [PasskeysService, PasskeysRepository, WebauthnCeremonies],
})
export class PasskeysModule {}
