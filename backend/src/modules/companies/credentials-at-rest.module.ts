import { Module } from '@nestjs/common';
import { SiteCredentialsModule } from '../site-credentials';
import { CompaniesModule } from './companies.module';
import { CompanyCredentialsCipher } from './company-credentials.cipher';
import { CredentialsAtRestService } from './credentials-at-rest.service';

/** The company and store passwords' cipher, and the start-up encryption of plain ones. */
@Module({
  imports: [CompaniesModule, SiteCredentialsModule],
  providers: [CompanyCredentialsCipher, CredentialsAtRestService],
  exports: [CompanyCredentialsCipher, CredentialsAtRestService],
})
export class CredentialsAtRestModule {}
