import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SsoIdentityDoc, SsoIdentitySchema } from './schemas/sso-identity.schema';
import { SsoIdentitiesRepository } from './sso-identities.repository';

/**
 * The links of provider accounts to users, on their own: the password login asks whether a user
 * signs in through single sign-on (OIDC_PASSWORD_LOGIN) without depending on SsoModule.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: SsoIdentityDoc.name, schema: SsoIdentitySchema }])],
  providers: [SsoIdentitiesRepository],
  exports: [SsoIdentitiesRepository],
})
export class SsoIdentityModule {}
