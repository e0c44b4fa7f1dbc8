import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SiteCredentialDoc, SiteCredentialSchema } from './schemas/site-credential.schema';
import { SiteCredentialsCipher } from './site-credentials.cipher';
import { SiteCredentialsRepository } from './site-credentials.repository';
import { SiteCredentialsService } from './site-credentials.service';

/** Kept apart from UsersModule so the seed runs without the key; the app does not start without it. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: SiteCredentialDoc.name, schema: SiteCredentialSchema }]),
  ],
  providers: [SiteCredentialsCipher, SiteCredentialsRepository, SiteCredentialsService],
  exports: [SiteCredentialsService, SiteCredentialsCipher, SiteCredentialsRepository],
})
export class SiteCredentialsModule {}
