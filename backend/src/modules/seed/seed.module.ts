import { Module } from '@nestjs/common';
import { CompaniesModule, CompanyCredentialsCipher } from '../companies';
import { SiteCredentialsModule } from '../site-credentials';
import { UsersModule } from '../users';
import { SeedService } from './seed.service';

@Module({
  imports: [UsersModule, CompaniesModule, SiteCredentialsModule],
  // The seed encrypts the demo fleet's site passwords like any save: it needs SITE_CREDENTIALS_KEY.
  providers: [SeedService, CompanyCredentialsCipher],
  exports: [SeedService],
})
export class SeedModule {}
