import { Module } from '@nestjs/common';
import { PortalConnectionsModule } from '../portal-connections';
import { TentaclesModule } from '../tentacles';
import { SiteCredentialsModule } from '../site-credentials';
import { UsersModule } from '../users';
import { PortalConfigCompaniesController, StoreStatusController } from './companies.controller';
import { CompaniesModule } from './companies.module';
import { CompaniesService } from './companies.service';
import { CompanyListsService } from './company-lists.service';
import { StoreStatusService } from './store-status.service';
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
  providers: [CompanyListsService, StoreStatusService, CompaniesService],
  exports: [CompaniesService, CredentialsAtRestModule],
})
export class CompaniesApiModule {}
