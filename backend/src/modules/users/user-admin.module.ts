import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CompaniesModule } from '../companies/companies.module';
import { ProfileController } from './profile.controller';
import { SiteCredentialsModule } from './site-credentials/site-credentials.module';
import { UsersController } from './users.controller';
import { UsersModule } from './users.module';
import { UsersService } from './users.service';

/**
 * The user administration's HTTP side. Apart from UsersModule, which the seed and login use
 * without the site credentials key.
 */
@Module({
  imports: [UsersModule, AuditModule, SiteCredentialsModule, CompaniesModule],
  controllers: [UsersController, ProfileController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UserAdminModule {}
