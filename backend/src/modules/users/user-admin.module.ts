import { AppsController } from './apps.controller';
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { LiveStatusModule } from '../live-status/live-status.module';
import { PortalConnectionsModule } from '../sites/portal-connections.module';
import { CompaniesModule } from '../companies/companies.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ProfileController } from './profile.controller';
import { SiteCredentialsModule } from './site-credentials/site-credentials.module';
import { UserAccessModule } from './user-access.module';
import { UsersController } from './users.controller';
import { UsersModule } from './users.module';
import { UsersService } from './users.service';

/**
 * The user administration's HTTP side. Apart from UsersModule, which the seed and login use
 * without the site credentials key.
 */
@Module({
  imports: [
    UsersModule,
    AuditModule,
    SiteCredentialsModule,
    UserAccessModule,
    PortalConnectionsModule,
    LiveStatusModule,
    CompaniesModule,
    SessionsModule,
  ],
  controllers: [UsersController, ProfileController, AppsController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UserAdminModule {}
