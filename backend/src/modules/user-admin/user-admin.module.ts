import { AppsController } from './apps.controller';
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { LiveStatusModule } from '../live-status';
import { PortalConnectionsModule } from '../portal-connections';
import { MasterDataModule } from '../master-data';
import { SessionsModule } from '../sessions';
import { ProfileController } from './profile.controller';
import { SiteCredentialsModule } from '../site-credentials';
import { UserAccessModule, UsersModule } from '../users';
import { UsersController } from './users.controller';
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
    MasterDataModule,
    SessionsModule,
  ],
  controllers: [UsersController, ProfileController, AppsController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UserAdminModule {}
