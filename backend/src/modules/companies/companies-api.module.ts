import { Module } from '@nestjs/common';
import { TentaclesModule } from '../tentacles/tentacles.module';
import { UsersModule } from '../users/users.module';
import { PortalConfigCompaniesController, StoreStatusController } from './companies.controller';
import { CompaniesModule } from './companies.module';
import { CompaniesService } from './companies.service';

/** The company and store status calls of the portal (spec §7). */
@Module({
  imports: [CompaniesModule, UsersModule, TentaclesModule],
  controllers: [PortalConfigCompaniesController, StoreStatusController],
  providers: [CompaniesService],
  exports: [CompaniesService],
})
export class CompaniesApiModule {}
