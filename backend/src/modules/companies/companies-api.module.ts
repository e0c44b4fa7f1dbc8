import { Module } from '@nestjs/common';
import { PortalConnectionsModule } from '../sites/portal-connections.module';
import { TentaclesModule } from '../tentacles/tentacles.module';
import { SiteCredentialsModule } from '../users/site-credentials/site-credentials.module';
import { UsersModule } from '../users/users.module';
import { PortalConfigCompaniesController, StoreStatusController } from './companies.controller';
import { CompaniesModule } from './companies.module';
import { CompaniesService } from './companies.service';
import { CredentialsAtRestModule } from './credentials-at-rest.module';

/** The company and store status calls of the portal (spec §7). */
@Module({
  imports: [
    CompaniesModule,
    UsersModule,
    TentaclesModule,
    SiteCredentialsModule,
    PortalConnectionsModule,
    CredentialsAtRestModule,
  ],
  controllers: [PortalConfigCompaniesController, StoreStatusController],
  providers: [CompaniesService],
  exports: [CompaniesService, CredentialsAtRestModule],
})
export class CompaniesApiModule {}
