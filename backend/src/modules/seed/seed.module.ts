import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { CompanyCredentialsCipher } from '../companies/company-credentials.cipher';
import { SiteCredentialsModule } from '../users/site-credentials/site-credentials.module';
import { UsersModule } from '../users/users.module';
import { SeedService } from './seed.service';

@Module({
  imports: [UsersModule, CompaniesModule, SiteCredentialsModule],
  // The seed encrypts the demo fleet's site passwords like any save: it needs SITE_CREDENTIALS_KEY.
  providers: [SeedService, CompanyCredentialsCipher],
  exports: [SeedService],
})
export class SeedModule {}
